import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import './scripts-zip.js';

/*
 * scripts-zip.ts points yazl's buffer-crc32 at zlib's native CRC-32 (upstream: thejoshwolfe/yazl#82,
 * brianloveswords/buffer-crc32#34). These tests fail when yazl or buffer-crc32 changes so that the
 * swap is no longer needed or no longer reaches yazl.
 */
const crc = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned: (data: Buffer, previous?: number) => number;
};

/** Every byte of a zip made by yazl of `entries`, each stored as a buffer. */
function zipOf(entries: Buffer[]): Promise<Buffer> {
  const zip = new ZipFile();
  entries.forEach((bytes, index) => {
    zip.addBuffer(bytes, `entry-${index}.bin`, { compress: false });
  });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe("yazl's CRC-32, taken from zlib", () => {
  it('is zlib.crc32, continued from a previous value as buffer-crc32 continues it', () => {
    expect(typeof zlib.crc32).toBe('function');
    const data = Buffer.from('Valence marked papers '.repeat(1000));
    expect(crc.unsigned(data)).toBe(zlib.crc32(data));
    expect(crc.unsigned(data.subarray(100), crc.unsigned(data.subarray(0, 100)))).toBe(zlib.crc32(data));
  });

  it("is what yazl calls for every entry, and the zip's checksums are right", async () => {
    const patched = crc.unsigned;
    let calls = 0;
    crc.unsigned = (data, previous) => {
      calls += 1;
      return patched(data, previous);
    };
    try {
      const entries = [Buffer.from('first script'), Buffer.alloc(70_000, 7)];
      const zip = await zipOf(entries);
      // None: yazl no longer calls buffer-crc32's `unsigned` (its own CRC now): drop the swap.
      expect(calls).toBeGreaterThan(0);
      // Each local header holds the entry's CRC-32 at offset 14.
      let at = 0;
      for (const bytes of entries) {
        at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at);
        expect(zip.readUInt32LE(at + 14)).toBe(zlib.crc32(bytes));
        at += 4;
      }
    } finally {
      crc.unsigned = patched;
    }
  });
});
