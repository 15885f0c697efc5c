import { open as openFile } from 'node:fs/promises';
import { Readable, type TransformCallback } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { MARKING_LIMITS, MARKING_MESSAGES } from '@valence/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from './errors.js';
import { formatBytes } from './multipart-errors.js';
import { ByteCounter } from './multipart-file.js';

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** A local file header's fixed part; the name and the extra field follow it. */
const LOCAL_HEADER_BYTES = 30;
const READ_BYTES = 1024 * 1024;
const HEAD_READ_BYTES = 16 * 1024;
/** The type bits of a unix mode, and a symbolic link's, as zip tools keep them in an entry's external attributes. */
const UNIX_TYPE = 0o170000;
const UNIX_SYMLINK = 0o120000;

/** Where a zip's bytes are read from at given positions: a file on disk, or bytes in memory. */
type Source = {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
};

/** An upload held in memory, read like a file. */
function memorySource(bytes: Buffer): Source {
  return {
    read: async (buffer, offset, length, position) => ({
      bytesRead:
        position >= bytes.length ? 0 : bytes.copy(buffer, offset, position, Math.min(position + length, bytes.length)),
    }),
    close: async () => {},
  };
}

/**
 * The bytes from `start` up to `end` of an open file, read at those positions, so several such
 * streams share one handle; destroying one leaves the handle open (fs.ReadStream closes it).
 */
class RangeStream extends Readable {
  private position: number;
  constructor(
    private readonly handle: Source,
    start: number,
    private readonly end: number,
    private readonly readBytes: number,
  ) {
    super({ highWaterMark: readBytes });
    this.position = start;
  }
  override _read() {
    const size = Math.min(this.readBytes, this.end - this.position);
    if (size <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafe(size);
    this.handle.read(buffer, 0, size, this.position).then(
      ({ bytesRead }) => {
        if (bytesRead === 0) return this.destroy(new Error('The zip ended inside an entry.'));
        this.position += bytesRead;
        this.push(bytesRead === size ? buffer : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }
}

/** Counts the bytes as multipart files are counted, and fails too when fewer than `max` came. */
class ExactSize extends ByteCounter {
  constructor(size: number, failure: () => Error) {
    super(size, failure, { highWaterMark: READ_BYTES });
  }
  override _flush(callback: TransformCallback) {
    callback(this.size === this.max ? null : this.failure());
  }
}

/** An entry worth looking at: a file, not a folder, not macOS's resource forks, not a hidden file. */
export type ZipItem = { name: string; baseName: string; size: number; entry: Entry };

/**
 * A zip read by random access, from disk or from memory: its directory first, each file's bytes only
 * when asked for. The one reader of uploaded zips (marked papers, question pictures, XLSX workbooks
 * before exceljs opens them): sizes are the directory's, and every byte inflated is counted against
 * them, so a zip cannot claim a small file and inflate a big one.
 */
export class ZipReader {
  private constructor(
    private readonly zip: ZipFile,
    /** The zip once more, for reading entries' bytes in large reads (see `open`). */
    private readonly handle: Source,
    /** The sentence a zip that cannot be read answers. */
    private readonly notZip: string,
  ) {}

  /** Opens the zip; a file that is not one (or a broken one) is the client's mistake, not a 500. */
  static async open(file: string, notZip: string = MARKING_MESSAGES.bulkNotZip): Promise<ZipReader> {
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) => {
        if (error || !opened) return reject(badRequest(notZip));
        resolve(opened);
      });
    });
    try {
      return new ZipReader(zip, await openFile(file, 'r'), notZip);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** A zip held in memory (an upload parsed, never stored). */
  static async fromBytes(bytes: Uint8Array, notZip: string): Promise<ZipReader> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, opened) => {
        if (error || !opened) return reject(badRequest(notZip));
        resolve(opened);
      });
    });
    return new ZipReader(zip, memorySource(buffer), notZip);
  }

  /**
   * The zip's files, refused as a whole before one byte is inflated when it holds more entries than
   * `maxFiles`, a file larger than `maxBytes`, or a symbolic link (whose "content" is the path it
   * points at, not a file anyone sent). Folders are left out; so are hidden files and macOS's
   * resource forks unless `hidden` is set (a workbook's `_rels/.rels` is one of its parts).
   */
  items(
    maxBytes: number,
    {
      maxFiles = MARKING_LIMITS.bulkZipMaxFiles as number,
      hidden = false,
    }: { maxFiles?: number; hidden?: boolean } = {},
  ): Promise<ZipItem[]> {
    const zip = this.zip;
    if (zip.entryCount > maxFiles) return Promise.reject(badRequest(`The zip holds more than ${maxFiles} files.`));
    return new Promise((resolve, reject) => {
      const items: ZipItem[] = [];
      zip.on('error', () => reject(badRequest(this.notZip)));
      zip.on('end', () => resolve(items));
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        const segments = name.split('/');
        const baseName = segments.at(-1) ?? '';
        const skipped =
          name.endsWith('/') ||
          (!hidden && segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX'));
        if (!skipped && baseName) {
          // No more entries are read after a refusal; the owner's `close` closes the zip.
          if (((entry.externalFileAttributes >>> 16) & UNIX_TYPE) === UNIX_SYMLINK)
            return reject(badRequest(`${name} in the zip is a symbolic link; put the file itself in the zip.`));
          if (entry.uncompressedSize > maxBytes)
            return reject(badRequest(`${name} in the zip is larger than ${formatBytes(maxBytes)}.`));
          items.push({ name, baseName, size: entry.uncompressedSize, entry });
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  }

  /**
   * The file's bytes, inflated as they are read. The entry's data is read straight from the zip in
   * 1 MiB reads (yauzl's own stream reads 16 KiB at a time, which made copying 400 MiB of papers out
   * of a zip take several times as long as writing them). Only stored and deflated entries are
   * read, never encrypted ones, and the bytes that come out must be exactly the size the directory
   * gives, so a zip cannot claim a small file and inflate a big one.
   */
  async open(item: ZipItem, readBytes = READ_BYTES): Promise<Readable> {
    const { entry } = item;
    const unreadable = () => badRequest(`${item.name} in the zip could not be read.`);
    if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw unreadable();
    const header = Buffer.alloc(LOCAL_HEADER_BYTES);
    const { bytesRead } = await this.handle.read(header, 0, LOCAL_HEADER_BYTES, entry.relativeOffsetOfLocalHeader);
    if (bytesRead < LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw unreadable();
    const start =
      entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
    const stored = entry.compressionMethod === 0;
    if (stored && entry.compressedSize !== entry.uncompressedSize) throw unreadable();
    if (start + entry.compressedSize > this.zip.fileSize) throw unreadable();
    const exact = new ExactSize(entry.uncompressedSize, unreadable);
    if (entry.compressedSize === 0) {
      exact.end();
      return exact;
    }
    const raw = new RangeStream(this.handle, start, start + entry.compressedSize, readBytes);
    const inflated = stored ? raw : raw.pipe(createInflateRaw());
    const fail = () => exact.destroy(unreadable());
    raw.on('error', fail);
    if (inflated !== raw) inflated.on('error', fail);
    exact.on('close', () => raw.destroy());
    return inflated.pipe(exact);
  }

  /** The file's first `count` bytes (fewer when it is shorter). */
  async head(item: ZipItem, count: number): Promise<Buffer> {
    // Small reads: only the start is wanted, of each of hundreds of files.
    const stream = await this.open(item, HEAD_READ_BYTES);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= count) break;
      }
    } catch {
      throw badRequest(`${item.name} in the zip could not be read.`);
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).subarray(0, count);
  }

  /** The whole (small) file's bytes; its size is the directory's, checked as it is inflated. */
  async bytes(item: ZipItem): Promise<Buffer> {
    const stream = await this.open(item);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    } catch {
      throw badRequest(`${item.name} in the zip could not be read.`);
    }
    return Buffer.concat(chunks, item.size);
  }

  /** The whole (small) file as text. */
  async text(item: ZipItem): Promise<string> {
    return (await this.bytes(item)).toString('utf8');
  }

  /** Inflates the file and drops its bytes: it fails unless exactly the directory's size comes out. */
  async check(item: ZipItem): Promise<void> {
    const stream = await this.open(item);
    try {
      for await (const _chunk of stream as AsyncIterable<Buffer>);
    } catch {
      throw badRequest(`${item.name} in the zip could not be read.`);
    }
  }

  async close(): Promise<void> {
    this.zip.close();
    await this.handle.close();
  }
}
