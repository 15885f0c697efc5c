import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MIN_SECRET_BYTES } from '../config.js';
import { BACKUP_LEASES, backupRunning } from './backup-lease.js';
import { LocalUploadStore, removeUploadRecord } from './local-upload-store.js';
import { signKey } from './signing.js';
import {
  assertSafeKey,
  type ByteRange,
  InvalidKeyError,
  type ListedObject,
  ObjectNotFoundError,
  type ObjectStorage,
  type UploadStoreOptions,
} from './storage.js';

/** Buffered on the way to the disk, so a stored file is written in a few large writes, not 16 KiB ones. */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/** How often deletions held for a running backup are tried again. */
const HELD_RETRY_MS = 5_000;

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  /** Keys deleted while a backup ran, removed once none runs (see backup-lease.ts). */
  private readonly held = new Set<string>();
  private retry: NodeJS.Timeout | undefined;

  constructor(
    readonly root: string,
    private readonly secret: string,
    /** Where the files route is mounted, e.g. /api/files. */
    private readonly publicPath: string,
    /** Where backups of this folder take their lease: beside DATA_DIR/files, in DATA_DIR. */
    readonly leaseDir: string = path.join(path.dirname(root), BACKUP_LEASES),
  ) {
    // Links signed with a short key are forgeable; never serve files with one.
    if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) throw new Error('The signing secret is too short.');
  }

  /** Resolves a key inside the root; a key that would escape it is refused. */
  private resolve(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidKeyError('Invalid object key.');
    return full;
  }

  localPath(key: string): string {
    return this.resolve(key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const full = this.resolve(key);
    // Written again: a row is about to name it, so a deletion held from before must not remove it.
    this.held.delete(key);
    await mkdir(path.dirname(full), { recursive: true });
    await pipeline(body, createWriteStream(full, { highWaterMark: WRITE_BUFFER_BYTES }));
  }

  async get(key: string, range?: ByteRange, options?: { readBytes?: number }) {
    const full = this.resolve(key);
    const info = await this.stat(key);
    if (!info) throw new ObjectNotFoundError(key);
    const stream = createReadStream(full, { ...range, highWaterMark: options?.readBytes });
    return { stream, size: info.size };
  }

  async stat(key: string) {
    try {
      const info = await stat(this.resolve(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * While a backup runs the file stays until it is over: the backup's snapshot of the database may
   * name it. Callers delete only after the commit that stops naming the key, so a backup whose lease
   * comes after this check takes its snapshot after that commit and does not need the file.
   */
  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    if (await backupRunning(this.leaseDir)) {
      this.held.add(key);
      this.retryHeld();
      return;
    }
    await rm(file, { force: true });
    await removeUploadRecord(file);
  }

  /**
   * Does the deletions held for a backup once none runs; answers how many it did. Held deletions
   * live in this process only: a process that stops first leaves the files for sweep-files.
   */
  async flushHeldDeletions(): Promise<number> {
    if (this.held.size === 0) return 0;
    if (await backupRunning(this.leaseDir)) {
      this.retryHeld();
      return 0;
    }
    let done = 0;
    for (const key of [...this.held]) {
      this.held.delete(key);
      const file = this.resolve(key);
      try {
        await rm(file, { force: true });
        await removeUploadRecord(file);
        done += 1;
      } catch {
        // Left as an orphan, which sweep-files finds.
      }
    }
    return done;
  }

  private retryHeld() {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.flushHeldDeletions().catch(() => this.retryHeld());
    }, HELD_RETRY_MS);
    this.retry.unref();
  }

  async *list(): AsyncIterable<ListedObject> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const files = new Set(
      entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
    );
    for (const file of [...files].sort()) {
      // A tus upload's record sits beside its data as <name>.json.
      if (file.endsWith('.json') && files.has(file.slice(0, -'.json'.length))) continue;
      const info = await stat(file).catch(() => null);
      if (!info) continue;
      yield { key: path.relative(this.root, file).split(path.sep).join('/'), size: info.size, modifiedAt: info.mtime };
    }
  }

  async createUploadStore(options: UploadStoreOptions) {
    await mkdir(path.join(this.root, 'resources'), { recursive: true });
    return new LocalUploadStore({ root: this.root, resolve: (key) => this.resolve(key) }, options);
  }

  async signedUrl(key: string, options: { ttlSeconds: number; fileName?: string }): Promise<string> {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + options.ttlSeconds;
    const params = new URLSearchParams({
      expires: String(expires),
      signature: signKey(this.secret, key, expires, options.fileName),
    });
    if (options.fileName) params.set('name', options.fileName);
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicPath}/${encoded}?${params}`;
  }
}
