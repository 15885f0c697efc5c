import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';
import { HttpError } from '../lib/errors.js';

export type ByteRange = { start: number; end: number };

export type ListedObject = { key: string; size: number; modifiedAt: Date };

export type StoredObject = { stream: Readable; size: number; contentType?: string | undefined };

/** Where resource files, papers and marked scripts live; never world-readable. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<void>;
  /**
   * `range` is inclusive at both ends, as in HTTP. `readBytes` asks a store that reads a disk for
   * reads of that size (a whole file piped on at once, as into a zip, goes faster in large reads;
   * the default suits many viewers each reading a little).
   */
  get(key: string, range?: ByteRange, options?: { readBytes?: number }): Promise<StoredObject>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored object with its size and last change, upload records left out (they go with their
   * object). For backups and the sweep of objects no row points at.
   */
  list(): AsyncIterable<ListedObject>;
  /**
   * The object's own file on this machine, for a store that keeps files on disk (ffmpeg reads it
   * in place); absent for a store that does not.
   */
  localPath?(key: string): string;
  /** A short-lived link that serves the object with HTTP Range support. */
  signedUrl(key: string, options: { ttlSeconds: number; fileName?: string }): Promise<string>;
  /**
   * The tus data store that writes uploads straight to where this storage serves their keys, so a
   * finished upload is already the object (no copy of a multi-GB file). Each backend brings its own,
   * and `delete` removes the record that store keeps beside an upload.
   */
  createUploadStore(options: UploadStoreOptions): Promise<DataStore>;
}

export type UploadStoreOptions = {
  /** Unfinished uploads older than this are removed by the store's cleanup. */
  expirationPeriodInMilliseconds: number;
};

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`Object not found: ${key}`);
  }
}

export class InvalidKeyError extends Error {}

/** The file store did not answer (refused, reset, timed out, or failing on its side): worth trying again shortly. */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'The file store is not answering at the moment. Please try again in a few seconds.', {
      'retry-after': '2',
    });
    this.cause = cause;
  }
}

/**
 * The file store cannot take more bytes: the disk (or the account's quota) is full, or the file
 * system has gone read-only. The request was fine and nothing was saved; it is worth trying again
 * once an administrator has made room, so 507 Insufficient Storage rather than a server fault.
 */
export class StorageFullError extends HttpError {
  constructor(
    readonly reason: 'full' | 'read-only',
    cause?: unknown,
  ) {
    super(
      507,
      reason === 'full'
        ? "The server's disk is full, so the file was not saved. Ask the platform's administrator to free some space, then try again."
        : "The server's file store is read-only at the moment, so the file was not saved. Ask the platform's administrator to check it, then try again.",
    );
    this.cause = cause;
  }
}

const FULL_CODES: Record<string, StorageFullError['reason']> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'read-only' };

/**
 * The StorageFullError an error stands for: itself, or a file-system error (ENOSPC, EDQUOT, EROFS)
 * found on it or on its causes, however a stream or library wrapped it; undefined for any other.
 */
export function storageFullOf(error: unknown): StorageFullError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof StorageFullError) return current;
    const code = (current as { code?: unknown }).code;
    const reason = typeof code === 'string' && Object.hasOwn(FULL_CODES, code) ? FULL_CODES[code] : undefined;
    if (reason) return new StorageFullError(reason, error);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Keys are relative, slash-separated paths without `..`, `.` or empty segments, so that no key can
 * reach outside the storage root whichever backend serves it.
 */
export function assertSafeKey(key: string): string {
  if (key.length === 0 || key.length > 1024) throw new InvalidKeyError('Invalid object key.');
  if (key.includes('\\') || key.includes('\0') || key.startsWith('/')) throw new InvalidKeyError('Invalid object key.');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidKeyError('Invalid object key.');
  }
  return key;
}

/** File-name part of a key, safe for storage: anything but letters, digits, dot, dash and underscore becomes _. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return (cleaned || 'file').slice(0, 180);
}
