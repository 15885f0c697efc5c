import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DataStore, Server } from '@tus/server';
import { encodeUploadId, MAX_RESOURCE_BYTES } from '@valence/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isStoreUnavailable } from '../../storage/s3-storage.js';
import { StorageUnavailableError, storageFullOf } from '../../storage/storage.js';
import type { TusNodeRequest } from './node-bridge.js';
import {
  deferredLengthMessage,
  keyFromUploadId,
  missingFileNameMessage,
  newUploadKey,
  safeContentType,
  tooLargeMessage,
} from './upload-key.js';

type TusError = { status_code: number; body: string };

export const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' && error !== null && typeof (error as TusError).status_code === 'number';

const tusError = (status_code: number, message: string): TusError => ({ status_code, body: message });

/** The node response behind a tus (srvx) request, to mark our JSON error bodies as such. */
function nodeResponse(req: unknown): ServerResponse | undefined {
  return (req as { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res;
}

export function createTusServer(options: {
  datastore: DataStore;
  /** Public path of the endpoint, e.g. /api/uploads. */
  path: string;
  /** Whether X-Forwarded-* headers come from a trusted proxy (TRUST_PROXY). */
  trustProxy: boolean;
  /** The signed-in account behind a request in flight (tus hands its hooks only the request). */
  callerOf: (req: IncomingMessage) => number | undefined;
  log: FastifyBaseLogger;
}): Server {
  return new Server({
    path: options.path,
    datastore: options.datastore,
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
      const caller = options.callerOf((req as unknown as TusNodeRequest).runtime.node.req);
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
      const storageFull = storageFullOf(error);
      if (storageFull) {
        // The disk is full or read-only: the bytes that fitted are kept, and HEAD says how many.
        options.log.error({ err: error }, 'upload request failed: the file store cannot be written to');
        status = storageFull.statusCode;
        message = storageFull.message;
      } else if (isTusError(error) && error.status_code < 500) {
        status = error.status_code;
        message = status === 413 && /maximum size/i.test(error.body) ? tooLargeMessage : error.body.trim();
      } else if (isStoreUnavailable(error) || error instanceof StorageUnavailableError) {
        // The S3 store is away: the client's tus library retries, and resumes where the upload stopped.
        options.log.warn({ err: error }, 'upload request failed: the file store is not answering');
        status = 503;
        message = new StorageUnavailableError(error).message;
      } else {
        options.log.error({ err: error }, 'upload request failed');
      }
      const res = nodeResponse(req);
      if (res && !res.headersSent) res.setHeader('Content-Type', 'application/json; charset=utf-8');
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });
}
