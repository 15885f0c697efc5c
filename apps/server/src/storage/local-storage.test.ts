import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { signKey, verifySignature } from './signing.js';
import { InvalidKeyError } from './storage.js';

const SECRET = 'a-test-secret-of-thirty-two-bytes!';
let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'valence-storage-'));
  storage = new LocalStorage(path.join(dir, 'files'), SECRET, '/api/files');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('LocalStorage', () => {
  it('stores, ranges, stats and deletes inside its root only', async () => {
    await storage.put('resources/a.txt', Readable.from(Buffer.from('hello world')));
    expect(await storage.stat('resources/a.txt')).toEqual({ size: 11 });
    expect(await text((await storage.get('resources/a.txt', { start: 6, end: 10 })).stream)).toBe('world');
    await storage.delete('resources/a.txt');
    expect(await storage.stat('resources/a.txt')).toBeNull();
    await writeFile(path.join(dir, 'outside.txt'), 'secret');
    await expect(storage.get('../outside.txt')).rejects.toThrow(InvalidKeyError);
    expect(await readFile(path.join(dir, 'outside.txt'), 'utf8')).toBe('secret');
  });

  it('signs links bound to key, expiry and download name', async () => {
    const url = await storage.signedUrl('resources/b c.pdf', { ttlSeconds: 60, fileName: 'b c.pdf' });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/files/resources/b%20c.pdf');
    const expires = Number(parsed.searchParams.get('expires'));
    const signature = parsed.searchParams.get('signature') ?? '';
    expect(verifySignature(SECRET, 'resources/b c.pdf', expires, signature, 'b c.pdf')).toBe(true);
    expect(verifySignature(SECRET, 'resources/other.pdf', expires, signature, 'b c.pdf')).toBe(false);
    expect(verifySignature(`${SECRET}x`, 'resources/b c.pdf', expires, signature, 'b c.pdf')).toBe(false);
    // The name a browser saves the file as is signed too: it cannot be swapped for report.exe.
    expect(verifySignature(SECRET, 'resources/b c.pdf', expires, signature, 'report.exe')).toBe(false);
    expect(verifySignature(SECRET, 'resources/b c.pdf', expires, signature, undefined)).toBe(false);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(verifySignature(SECRET, 'k', past, signKey(SECRET, 'k', past), undefined)).toBe(false);
  });

  it('refuses to sign with a secret shorter than 32 bytes', () => {
    expect(() => new LocalStorage(path.join(dir, 'files'), '', '/api/files')).toThrow(/too short/);
    expect(() => new LocalStorage(path.join(dir, 'files'), ' '.repeat(31), '/api/files')).toThrow(/too short/);
  });
});
