import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the right password only, with a salted scrypt hash', async () => {
    const hash = await hashPassword('correct horse');
    // OWASP's N=2^14, r=8, p=5 (as strong as N=2^17, p=1 with an eighth of the memory).
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(needsRehash(hash)).toBe(false);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash);
  });
  it('still verifies hashes made with older parameters, and says they need rehashing', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync('pw', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    expect(await verifyPassword('pw', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });
  it('leaves threads for file reads while a class signs in together', async () => {
    const hash = await hashPassword('pw');
    let hashesDone = 0;
    const verifications = Array.from({ length: 8 }, () =>
      verifyPassword('pw', hash).then((ok) => {
        hashesDone += 1;
        return ok;
      }),
    );
    // Libuv's 4 threads would all be hashing, with the read queued behind 4 hashes at least.
    await readFile(fileURLToPath(import.meta.url));
    expect(hashesDone).toBeLessThan(4);
    expect(await Promise.all(verifications)).toEqual(Array(8).fill(true));
  });
  it('treats malformed stored hashes as a mismatch', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2')).toBe(false);
  });
  it('generates distinct, reasonably long passwords', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(generatePassword()).not.toBe(a);
  });
});
