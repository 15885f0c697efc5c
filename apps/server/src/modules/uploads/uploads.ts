import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { type DataStore, Server, type Upload } from '@tus/server';
import { encodeUploadId, MAX_RESOURCE_BYTES } from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LocalStorage } from '../../storage/local-storage.js';
import type { S3Storage } from '../../storage/s3-storage.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { LocalUploadStore } from './file-store.js';
import { sendResponse, TusNodeRequest } from './node-bridge.js';
import {
  deferredLengthMessage,
  isUploadKey,
  keyFromUploadId,
  missingFileNameMessage,
  newUploadKey,
  safeContentType,
  tooLargeMessage,
} from './upload-key.js';

export type CompletedUpload = { size: number; contentType: string | null; filename: string | null };

export interface Uploads {
  /**
   * What a finished upload holds, or null when the key is unknown or the upload is not complete.
   * The resources module calls this before it lets a resource point at an uploaded file.
   */
  getCompletedUpload(key: string): Promise<CompletedUpload | null>;
  /**
   * Answers one tus protocol request; the body is streamed straight into the store. `accountId` is
   * the signed-in caller: an upload it creates is recorded as its own.
   */
  handle(req: IncomingMessage, res: ServerResponse, accountId: number): Promise<void>;
  /**
   * Who created the upload: an account id, null for an upload that records none, undefined when
   * there is no such upload.
   */
  ownerOf(key: string): Promise<number | null | undefined>;
  /** Removes unfinished uploads older than UNFINISHED_UPLOAD_TTL_MS; answers how many. */
  removeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

/** S3 parts are staged on disk by the S3 store; 8 MiB keeps the part count of a 5 GB file < 10 000. */
const S3_PART_SIZE = 8 * 1024 * 1024;

type TusError = { status_code: number; body: string };

const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' && error !== null && typeof (error as TusError).status_code === 'number';

const tusError = (status_code: number, message: string): TusError => ({ status_code, body: message });

/**
 * An unfinished upload may be resumed for a week (a 5 GB lecture over a poor line takes days of
 * retries); after that its partial file is removed. Finished uploads never expire.
 */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 3600 * 1000;
const CLEANUP_INTERVAL_MS = 3600 * 1000;

async function createDatastore(storage: ObjectStorage): Promise<DataStore> {
  if (storage.kind === 'local') {
    // The tus file store writes straight into the local store's root, so a finished upload already
    // sits where LocalStorage serves its key: no copy of a multi-GB file after the upload.
    const local = storage as LocalStorage;
    await mkdir(path.join(local.root, 'resources'), { recursive: true });
    return new LocalUploadStore(local, UNFINISHED_UPLOAD_TTL_MS);
  }
  // Loaded only for S3: the AWS SDK is ~25 MB of resident memory a local install never needs.
  const [{ S3Store }, { s3ClientConfig }] = await Promise.all([
    import('@tus/s3-store'),
    import('../../storage/s3-storage.js'),
  ]);
  const { settings } = storage as S3Storage;
  return new S3Store({
    partSize: S3_PART_SIZE,
    expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS,
    // Parts wait in temporary files, not memory; a few at a time is plenty for one upload stream.
    maxConcurrentPartUploads: 6,
    s3ClientConfig: {
      ...s3ClientConfig(settings),
      bucket: settings.bucket,
      // Parts go up as streams; with the SDK's default checksums those are sent aws-chunked with a
      // trailing CRC, which not every S3-compatible store decodes (s3rver stores the framing as
      // data). Checksums only where the API demands them keeps the bytes exact everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}

/** The node response behind a tus (srvx) request, to mark our JSON error bodies as such. */
function nodeResponse(req: unknown): ServerResponse | undefined {
  return (req as { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res;
}

export async function createUploads(options: {
  storage: ObjectStorage;
  /** Public path of the endpoint, e.g. /api/uploads. */
  path: string;
  /** Whether X-Forwarded-* headers come from a trusted proxy (TRUST_PROXY). */
  trustProxy: boolean;
  log: FastifyBaseLogger;
}): Promise<Uploads> {
  const { storage, log } = options;
  const datastore = await createDatastore(storage);
  // The caller of each request in flight, for the creation hook (tus hands hooks only the request).
  const callers = new WeakMap<IncomingMessage, number>();

  const tus = new Server({
    path: options.path,
    datastore,
    maxSize: MAX_RESOURCE_BYTES,
    // A path-only Location resolves against whatever origin the client used (proxy or not).
    relativeLocation: true,
    respectForwardedHeaders: options.trustProxy,
    // The portal is served from the same origin; no other site's page may drive uploads.
    allowedOrigins: () => false,
    // A finished upload is (or is about to be) a resource's file; only the resource may delete it.
    disableTerminationForFinishedUploads: true,
    namingFunction: (_req, metadata) => {
      const fileName = metadata?.filename;
      if (!fileName?.trim()) throw tusError(400, missingFileNameMessage);
      return newUploadKey(fileName);
    },
    generateUrl: (_req, { path: basePath, id }) => `${basePath}/${encodeUploadId(id)}`,
    getFileIdFromRequest: (_req, lastPath) => keyFromUploadId(lastPath),
    onUploadCreate: async (req, upload) => {
      if (upload.sizeIsDeferred) {
        throw tusError(400, deferredLengthMessage);
      }
      const caller = callers.get((req as unknown as TusNodeRequest).runtime.node.req);
      if (caller === undefined) throw tusError(401, 'Authentication required.');
      // The S3 store gives the object this type; only types a browser will not run are kept.
      const contentType = safeContentType(upload.metadata?.filetype);
      // Set here, whatever the client sent as metadata: only the server says who owns an upload.
      const { contentType: _type, owner: _owner, ...metadata } = upload.metadata ?? {};
      return { metadata: { ...metadata, ...(contentType ? { contentType } : {}), owner: String(caller) } };
    },
    onResponseError: (req, error) => {
      let status = 500;
      let message = 'Internal server error.';
      if (isTusError(error) && error.status_code < 500) {
        status = error.status_code;
        message = status === 413 && /maximum size/i.test(error.body) ? tooLargeMessage : error.body.trim();
      } else {
        log.error({ err: error }, 'upload request failed');
      }
      const res = nodeResponse(req);
      if (res && !res.headersSent) res.setHeader('Content-Type', 'application/json; charset=utf-8');
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });

  return {
    async removeExpired() {
      return tus.cleanUpExpiredUploads();
    },
    async handle(req, res, accountId) {
      callers.set(req, accountId);
      const response = await tus.handleWeb(new TusNodeRequest(req, res) as unknown as Request);
      await sendResponse(res, response);
    },
    async ownerOf(key) {
      if (!isUploadKey(key)) return undefined;
      try {
        const owner = Number((await datastore.getUpload(key)).metadata?.owner);
        return Number.isInteger(owner) ? owner : null;
      } catch (error) {
        if (isTusError(error)) return undefined;
        throw error;
      }
    },
    async getCompletedUpload(key) {
      if (!isUploadKey(key)) return null;
      let upload: Upload;
      try {
        upload = await datastore.getUpload(key);
      } catch (error) {
        if (isTusError(error)) return null;
        throw error;
      }
      if (upload.size === undefined || upload.offset !== upload.size) return null;
      // The upload record alone is not proof: the object itself must be there, whole.
      const stored = await storage.stat(key);
      if (!stored || stored.size !== upload.size) return null;
      return {
        size: upload.size,
        contentType: safeContentType(upload.metadata?.filetype) ?? null,
        filename: upload.metadata?.filename ?? null,
      };
    },
  };
}

/** Decorates the whole app with `uploads`; registered on the root so every module can reach it. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    const uploads = await createUploads({
      storage: app.storage,
      path: `${app.config.apiPrefix}/uploads`,
      trustProxy: app.config.trustProxy !== false,
      log: app.log,
    });
    app.decorate('uploads', uploads);
    const timer = setInterval(() => {
      uploads
        .removeExpired()
        .then((count) => count > 0 && app.log.info(`removed ${count} expired unfinished upload(s)`))
        .catch((error) => app.log.warn({ err: error }, 'could not remove expired uploads'));
    }, CLEANUP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'uploads' },
);
