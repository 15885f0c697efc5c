import { encodeUploadId } from '@valence/contract';

/**
 * tus-js-client without a network, for `vi.mock('tus-js-client', () => import('…/tus-stand-in'))`:
 * an upload "sends" the whole file at once, reporting 100 %, and finishes with an upload URL naming
 * the storage key as the server's tus endpoint does; with `tusStandIn.refusal` set it fails the
 * way tus reports a server answer (a DetailedError carrying the response).
 */
export const tusStandIn = { refusal: null as string | null, started: [] as string[] };

export class DetailedError extends Error {
  originalResponse: { getBody: () => string } | null = null;
}

type Options = {
  onProgress?: (sent: number, total: number) => void;
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};

export class Upload {
  url: string | null = null;
  constructor(
    readonly file: File,
    readonly options: Options,
  ) {}
  findPreviousUploads = () => Promise.resolve([]);
  resumeFromPreviousUpload() {}
  start() {
    tusStandIn.started.push(this.file.name);
    if (tusStandIn.refusal !== null) {
      const error = new DetailedError('tus: unexpected response while creating upload');
      error.originalResponse = { getBody: () => JSON.stringify({ message: tusStandIn.refusal }) };
      this.options.onError?.(error);
      return;
    }
    this.options.onProgress?.(this.file.size, this.file.size);
    this.url = `/api/uploads/${encodeUploadId(`resources/1-${this.file.name}`)}`;
    this.options.onSuccess?.();
  }
}
