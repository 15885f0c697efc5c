import type { Readable } from 'node:stream';
import { MARKING_LIMITS, MARKING_MESSAGES } from '@valence/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from '../../../lib/errors.js';
import { formatBytes } from '../../../lib/multipart-errors.js';

/** An entry worth looking at: a file, not a folder, not macOS's resource forks, not a hidden file. */
export type ZipItem = { name: string; baseName: string; size: number; entry: Entry };

/** A zip on disk, read by random access: its directory first, each file's bytes only when asked for. */
export class ZipReader {
  private constructor(private readonly zip: ZipFile) {}

  /** Opens the zip; a file that is not one (or a broken one) is the client's mistake, not a 500. */
  static open(file: string): Promise<ZipReader> {
    return new Promise((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => {
        if (error || !zip) return reject(badRequest(MARKING_MESSAGES.bulkNotZip));
        resolve(new ZipReader(zip));
      });
    });
  }

  /**
   * The zip's files, refused as a whole before one byte is inflated when it holds more entries than
   * allowed or a file larger than `maxBytes` (the sizes are the directory's, and yauzl checks each
   * file's real size against them as it is read: a zip bomb cannot claim small and inflate big).
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
            zip.close();
            return reject(badRequest(`${name} in the zip is larger than ${formatBytes(maxBytes)}.`));
          }
          items.push({ name, baseName, size: entry.uncompressedSize, entry });
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  }

  /** The file's bytes, inflated as they are read. */
  open(item: ZipItem): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(item.entry, (error, stream) => {
        if (error || !stream) return reject(badRequest(`${item.name} in the zip could not be read.`));
        resolve(stream);
      });
    });
  }

  /** The file's first `count` bytes (fewer when it is shorter). */
  async head(item: ZipItem, count: number): Promise<Buffer> {
    const stream = await this.open(item);
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

  close() {
    this.zip.close();
  }
}
