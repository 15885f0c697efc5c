import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataStore, Server, Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { closeAfterAnswer } from '../../lib/close-connection.js';
import { sendResponse, TusNodeRequest } from './node-bridge.js';
import { createTusServer, isTusError } from './tus-server.js';
import { isUploadKey, safeContentType } from './upload-key.js';

export type CompletedUpload = { size: number; contentType: string | null; filename: string | null };

/**
 * An unfinished upload may be resumed for a week (a 5 GB lecture over a poor line takes days of
 * retries); after that its partial file is removed. Finished uploads never expire.
 */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 3600 * 1000;

/** The tus endpoint's state: the store (from the storage backend, whichever it is) and the server. */
export class UploadsService {
  private readonly storage: FastifyInstance['storage'];
  private readonly tus: Server;
  // The caller of each request in flight, for the creation hook.
  private readonly callers = new WeakMap<IncomingMessage, number>();

  constructor(
    { storage, config, log }: Pick<FastifyInstance, 'storage' | 'config' | 'log'>,
    private readonly datastore: DataStore,
  ) {
    this.storage = storage;
    this.tus = createTusServer({
      datastore,
      path: `${config.apiPrefix}/uploads`,
      trustProxy: config.trustProxy !== false,
      callerOf: (req) => this.callers.get(req),
      log,
    });
  }

  /**
   * Answers one tus protocol request; the body is streamed straight into the store. `accountId` is
   * the signed-in caller: an upload it creates is recorded as its own.
   */
  async handle(req: IncomingMessage, res: ServerResponse, accountId: number): Promise<void> {
    this.callers.set(req, accountId);
    const response = await this.tus.handleWeb(new TusNodeRequest(req, res) as unknown as Request);
    // Answered before the body was all read (a failed write, a refusal): the connection ends too.
    closeAfterAnswer(req, res);
    await sendResponse(res, response);
  }

  /** Removes unfinished uploads older than UNFINISHED_UPLOAD_TTL_MS; answers how many. */
  removeExpired(): Promise<number> {
    return this.tus.cleanUpExpiredUploads();
  }

  /**
   * Who created the upload: an account id, null for an upload that records none, undefined when
   * there is no such upload.
   */
  async ownerOf(key: string): Promise<number | null | undefined> {
    if (!isUploadKey(key)) return undefined;
    try {
      const owner = Number((await this.datastore.getUpload(key)).metadata?.owner);
      return Number.isInteger(owner) ? owner : null;
    } catch (error) {
      if (isTusError(error)) return undefined;
      throw error;
    }
  }

  /**
   * What a finished upload holds, or null when the key is unknown or the upload is not complete.
   * The resources module calls this before it lets a resource point at an uploaded file.
   */
  async getCompletedUpload(key: string): Promise<CompletedUpload | null> {
    if (!isUploadKey(key)) return null;
    let upload: Upload;
    try {
      upload = await this.datastore.getUpload(key);
    } catch (error) {
      if (isTusError(error)) return null;
      throw error;
    }
    if (upload.size === undefined || upload.offset !== upload.size) return null;
    // The upload record alone is not proof: the object itself must be there, whole.
    const stored = await this.storage.stat(key);
    if (!stored || stored.size !== upload.size) return null;
    return {
      size: upload.size,
      contentType: safeContentType(upload.metadata?.filetype) ?? null,
      filename: upload.metadata?.filename ?? null,
    };
  }
}
