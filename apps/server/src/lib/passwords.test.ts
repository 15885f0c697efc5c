import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the right password only, with a salted Argon2id hash', async () => {
    const hash = await hashPassword('correct horse');
    // OWASP's first recommendation: 19 MiB, 2 passes, 1 lane; a 16-byte salt, a 32-byte hash.
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash);
  });
  it('still verifies the scrypt hashes made before, and Argon2id ones with other parameters, and says they need rehashing', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    for (const p of [1, 5]) {
      const old = `scrypt$16384$8$${p}$${salt.toString('base64')}$${scryptSync('pw', salt, 64, { N: 16384, r: 8, p, maxmem: 64 * 1024 * 1024 }).toString('base64')}`;
      expect(await verifyPassword('pw', old)).toBe(true);
      expect(await verifyPassword('pW', old)).toBe(false);
      expect(needsRehash(old)).toBe(true);
    }
    const { hash } = await import('@node-rs/argon2');
    const lighter = await hash('pw', { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(lighter).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$/);
    expect(await verifyPassword('pw', lighter)).toBe(true);
    expect(needsRehash(lighter)).toBe(true);
  });
  it('gives unknown usernames a hash of today’s parameters that no password matches', async () => {
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    // A well-formed hash, so checking against it does the whole work: a malformed one would be
    // refused at once and tell a stranger which usernames exist.
    const { verify } = await import('@node-rs/argon2');
    await expect(verify(DUMMY_HASH, 'anything')).resolves.toBe(false);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('anything', DUMMY_HASH)).toBe(false);
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
    // scrypt refuses N that is not a power of two: a mismatch too, not an error.
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$nonsense')).toBe(false);
  });
  it('generates distinct, reasonably long passwords', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(generatePassword()).not.toBe(a);
  });
  it('generates letters and digits only, so a password handed out in a CSV is never quoted as a formula', () => {
    // base64url gave '-' or '_' first in one password of 32: the CSV guard then wrote "'-qbx…".
    for (let i = 0; i < 2000; i++) expect(generatePassword()).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});
