import { type FileHandle, open as openFile } from 'node:fs/promises';
import { Readable, type TransformCallback } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { MARKING_LIMITS, MARKING_MESSAGES } from '@valence/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from '../../../lib/errors.js';
import { formatBytes } from '../../../lib/multipart-errors.js';
import { ByteCounter } from '../../../lib/multipart-file.js';

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** A local file header's fixed part; the name and the extra field follow it. */
const LOCAL_HEADER_BYTES = 30;
const READ_BYTES = 1024 * 1024;
const HEAD_READ_BYTES = 16 * 1024;

/**
 * The bytes from `start` up to `end` of an open file, read at those positions, so several such
 * streams share one handle; destroying one leaves the handle open (fs.ReadStream closes it).
 */
class RangeStream extends Readable {
  private position: number;
  constructor(
    private readonly handle: FileHandle,
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

/** A zip on disk, read by random access: its directory first, each file's bytes only when asked for. */
export class ZipReader {
  private constructor(
    private readonly zip: ZipFile,
    /** The zip once more, for reading entries' bytes in large reads (see `open`). */
    private readonly handle: FileHandle,
  ) {}

  /** Opens the zip; a file that is not one (or a broken one) is the client's mistake, not a 500. */
  static async open(file: string): Promise<ZipReader> {
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) => {
        if (error || !opened) return reject(badRequest(MARKING_MESSAGES.bulkNotZip));
        resolve(opened);
      });
    });
    try {
      return new ZipReader(zip, await openFile(file, 'r'));
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /**
   * The zip's files, refused as a whole before one byte is inflated when it holds more entries than
   * allowed or a file larger than `maxBytes` (the sizes are the directory's, and `open` checks each
   * file's real size against them as it is read, so a zip bomb cannot claim small and inflate big).
   */
  items(maxBytes: number): Promise<ZipItem[]> {
    const zip = this.zip;
    if (zip.entryCount > MARKING_LIMITS.bulkZipMaxFiles)
      return Promise.reject(badRequest(`The zip holds more than ${MARKING_LIMITS.bulkZipMaxFiles} files.`));
    return new Promise((resolve, reject) => {
      const items: ZipItem[] = [];
      zip.on('error', () => reject(badRequest(MARKING_MESSAGES.bulkNotZip)));
      zip.on('end', () => resolve(items));
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        const segments = name.split('/');
        const baseName = segments.at(-1) ?? '';
        const skipped =
          name.endsWith('/') || segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX');
        if (!skipped && baseName) {
          if (entry.uncompressedSize > maxBytes) {
            // No more entries are read; the owner's `close` closes the zip.
            return reject(badRequest(`${name} in the zip is larger than ${formatBytes(maxBytes)}.`));
          }
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

  /** The whole (small) file as text. */
  async text(item: ZipItem): Promise<string> {
    const stream = await this.open(item);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    } catch {
      throw badRequest(`${item.name} in the zip could not be read.`);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async close(): Promise<void> {
    this.zip.close();
    await this.handle.close();
  }
}
