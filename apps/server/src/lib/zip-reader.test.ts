import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { type ZipItem, ZipReader } from './zip-reader.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'valence-read-zip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function zipOf(files: { name: string; bytes: Buffer; compress: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name, { compress: file.compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function readAll(zip: ZipReader, items: ZipItem[], name: string): Promise<Buffer> {
  const item = items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`${name} not in the zip`);
  const chunks: Buffer[] = [];
  for await (const chunk of (await zip.open(item)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Offsets of every central directory record (signature PK\x01\x02). */
function centralRecords(bytes: Buffer): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4)) found.push(at);
  return found;
}

describe('ZipReader', () => {
  // Larger than one read (1 MiB), so the entry comes in several reads at their positions.
  const big = randomBytes(2.5 * 1024 * 1024);
  const text = Buffer.from('%PDF-1.7\n'.repeat(5000));

  it('reads stored and deflated entries whole, several at once on one handle, after a head was cut short', async () => {
    const file = path.join(dir, 'mixed.zip');
    await writeFile(
      file,
      await zipOf([
        { name: 'marked/kasun.pdf', bytes: big, compress: false },
        { name: 'marked/nimal.pdf', bytes: text, compress: true },
      ]),
    );
    const zip = await ZipReader.open(file);
    try {
      const items = await zip.items(1 << 30);
      expect((await zip.head(items[0] as ZipItem, 4)).equals(big.subarray(0, 4))).toBe(true);
      const [stored, deflated] = await Promise.all([
        readAll(zip, items, 'marked/kasun.pdf'),
        readAll(zip, items, 'marked/nimal.pdf'),
      ]);
      expect(stored.equals(big)).toBe(true);
      expect(deflated.equals(text)).toBe(true);
    } finally {
      await zip.close();
    }
  });

  it('refuses, while reading, an entry that inflates to more than its directory claims', async () => {
    const bytes = await zipOf([{ name: 'bomb.pdf', bytes: text, compress: true }]);
    const [record] = centralRecords(bytes);
    // The central directory's uncompressed size (offset 24 of the record) now claims 100 bytes.
    bytes.writeUInt32LE(100, (record as number) + 24);
    const file = path.join(dir, 'bomb.zip');
    await writeFile(file, bytes);
    const zip = await ZipReader.open(file);
    try {
      const items = await zip.items(1 << 30);
      expect(items[0]?.size).toBe(100);
      await expect(readAll(zip, items, 'bomb.pdf')).rejects.toThrow('bomb.pdf in the zip could not be read.');
    } finally {
      await zip.close();
    }
  });

  it('refuses an encrypted entry, and a zip whose stored entry has two sizes', async () => {
    const bytes = await zipOf([
      { name: 'plain.pdf', bytes: text, compress: false },
      { name: 'secret.pdf', bytes: text, compress: true },
    ]);
    const [, secret] = centralRecords(bytes);
    // General purpose flag bit 0: encrypted.
    bytes.writeUInt16LE(bytes.readUInt16LE((secret as number) + 8) | 1, (secret as number) + 8);
    const file = path.join(dir, 'odd.zip');
    await writeFile(file, bytes);
    const zip = await ZipReader.open(file);
    try {
      const items = await zip.items(1 << 30);
      expect((await readAll(zip, items, 'plain.pdf')).equals(text)).toBe(true);
      await expect(readAll(zip, items, 'secret.pdf')).rejects.toThrow('secret.pdf in the zip could not be read.');
    } finally {
      await zip.close();
    }

    const [plain] = centralRecords(bytes);
    bytes.writeUInt32LE(text.length - 1, (plain as number) + 24);
    await writeFile(file, bytes);
    const twoSizes = await ZipReader.open(file);
    try {
      await expect(twoSizes.items(1 << 30)).rejects.toThrow('Please upload a .zip file of marked papers.');
    } finally {
      await twoSizes.close();
    }
  });

  it('reads a zip held in memory the same way, and refuses a symbolic link in either', async () => {
    const bytes = await zipOf([{ name: 'marked/nimal.pdf', bytes: text, compress: true }]);
    const inMemory = await ZipReader.fromBytes(bytes, 'Not a zip.');
    try {
      const items = await inMemory.items(1 << 30);
      expect((await inMemory.bytes(items[0] as ZipItem)).equals(text)).toBe(true);
    } finally {
      await inMemory.close();
    }
    await expect(ZipReader.fromBytes(Buffer.from('just text'), 'Not a zip.')).rejects.toThrow('Not a zip.');

    const link = new yazl.ZipFile();
    link.addBuffer(Buffer.from('../../etc/passwd'), 'marked/kasun.pdf', { mode: 0o120777 });
    link.end();
    const chunks: Buffer[] = [];
    for await (const chunk of link.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
    const file = path.join(dir, 'link.zip');
    await writeFile(file, Buffer.concat(chunks));
    for (const zip of [await ZipReader.open(file), await ZipReader.fromBytes(Buffer.concat(chunks), 'Not a zip.')]) {
      try {
        await expect(zip.items(1 << 30)).rejects.toThrow(
          'marked/kasun.pdf in the zip is a symbolic link; put the file itself in the zip.',
        );
      } finally {
        await zip.close();
      }
    }
  });

  it('refuses a file that is not a zip as the client’s mistake', async () => {
    const file = path.join(dir, 'not.zip');
    await writeFile(file, Buffer.from('just text'));
    await expect(ZipReader.open(file)).rejects.toThrow();
    expect((await readFile(file)).toString()).toBe('just text');
  });
});
