import { createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { storageFullOf, type UploadStoreOptions } from './storage.js';

/**
 * How much of a PATCH body may wait for the disk. The stock file store writes through a 16 KiB
 * buffer, so the socket is paused after every chunk until the disk has caught up; a few MiB lets
 * network and disk work at the same time while memory stays a small constant per upload.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/** The record the tus file store keeps beside each upload (offset, length, metadata). */
const recordOf = (file: string) => `${file}.json`;

/** Called by LocalStorage.delete: a deleted object leaves no upload record behind. */
export async function removeUploadRecord(file: string): Promise<void> {
  await rm(recordOf(file), { force: true });
}

/**
 * The stock config store lists only the top folder; uploads live under resources/, so expiry would
 * never find them.
 */
class ResourcesConfigstore extends FileConfigstore {
  override async list(): Promise<string[]> {
    const names = new Set(await readdir(`${this.directory}/resources`).catch(() => [] as string[]));
    return [...names]
      .filter((name) => !name.endsWith('.json') && names.has(recordOf(name)))
      .map((name) => `resources/${name}`);
  }
}

/**
 * The tus file store rooted at the local store's root, so a finished upload already sits where
 * LocalStorage serves its key; with a larger write buffer than the stock one.
 */
export class LocalUploadStore extends FileStore {
  constructor(
    private readonly local: { root: string; resolve: (key: string) => string },
    options: UploadStoreOptions,
  ) {
    super({
      directory: local.root,
      configstore: new ResourcesConfigstore(local.root),
      expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
    });
  }

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const out = createWriteStream(this.local.resolve(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, out);
    } catch (error) {
      // As the stock store: the offset is re-read from the file on the next HEAD. A full or
      // read-only disk is named, so the answer can say so rather than "something went wrong".
      throw storageFullOf(error) ?? ERRORS.FILE_WRITE_ERROR;
    }
    return offset + out.bytesWritten;
  }
}
