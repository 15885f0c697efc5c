import { createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import type { LocalStorage } from '../../storage/local-storage.js';

/**
 * How much of a PATCH body may wait for the disk. The stock file store writes through a 16 KiB
 * buffer, so the socket is paused after every chunk until the disk has caught up; a few MiB lets
 * network and disk work at the same time while memory stays a small constant per upload.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * The stock config store lists only the top folder; uploads live under resources/, so expiry would
 * never find them.
 */
class ResourcesConfigstore extends FileConfigstore {
  override async list(): Promise<string[]> {
    const names = new Set(await readdir(`${this.directory}/resources`).catch(() => [] as string[]));
    return [...names]
      .filter((name) => !name.endsWith('.json') && names.has(`${name}.json`))
      .map((name) => `resources/${name}`);
  }
}

/** The tus file store rooted at the local store's root, with a larger write buffer. */
export class LocalUploadStore extends FileStore {
  constructor(
    private readonly storage: LocalStorage,
    expirationPeriodInMilliseconds: number,
  ) {
    super({
      directory: storage.root,
      configstore: new ResourcesConfigstore(storage.root),
      expirationPeriodInMilliseconds,
    });
  }

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    const out = createWriteStream(this.storage.resolve(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, out);
    } catch {
      // As the stock store: the offset is re-read from the file on the next HEAD.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + out.bytesWritten;
  }
}
