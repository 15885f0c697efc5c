import { useMutation } from '@tanstack/react-query';
import { uploadKeyFromUrl } from '@valence/contract';
import type { DetailedError as TusError } from 'tus-js-client';
import { API_BASE } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';

const CHUNK_SIZE = 8 * 1024 * 1024;

export type UploadResourceFileVariables = { file: File; onProgress?: (percent: number) => void };

/**
 * Sends a file through the tus endpoint and resolves with the storage key to put in the
 * resource's `url`. A previous partial upload of the same file is resumed, so a retry after a
 * dropped connection does not start from zero.
 */
export async function uploadResourceFile({ file, onProgress }: UploadResourceFileVariables): Promise<string> {
  // The upload client loads with the first upload, not with the course page.
  const { DetailedError, Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    const token = readSession()?.token;
    const upload = new Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onError: (error) => reject(new Error(tusErrorMessage(error, error instanceof DetailedError ? error : undefined))),
      onSuccess: () => {
        const key = upload.url ? uploadKeyFromUrl(upload.url) : null;
        if (key) resolve(key);
        else reject(new Error('The upload finished without a storage key.'));
      },
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        const [latest] = previous;
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      })
      .catch(reject);
  });
}

/** The server's `{ message }` when the tus request carried one, else tus's own text. */
function tusErrorMessage(error: Error, detailed: TusError | undefined): string {
  if (detailed?.originalResponse) {
    try {
      const parsed = JSON.parse(detailed.originalResponse.getBody()) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // Not JSON: fall through to tus's own message.
    }
  }
  return error.message;
}

export function useUploadResourceFile() {
  return useMutation({ mutationFn: uploadResourceFile });
}
