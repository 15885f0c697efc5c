import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { createConcurrencyLimit } from './concurrency-limit.js';

const scryptOnPool = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * also does every file read and write and signs session tokens (WebCrypto). A class signing in
 * together queued all of that behind its hashes: the portal's script took over a second to arrive
 * during 60 sign-ins, and most students waited for the whole class's hashes. Hashes take all but
 * two of the threads; on 2 cores that costs them no speed, as they only ever had 2 cores to share.
 */
const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashing = createConcurrencyLimit(Math.max(1, poolThreads - 2));
const scryptAsync = (password: string, salt: Buffer, keylen: number, options: object) =>
  hashing(() => scryptOnPool(password, salt, keylen, options));

const KEY_LENGTH = 64;
/**
 * OWASP's scrypt settings list N=2^17,r=8,p=1 and N=2^14,r=8,p=5 as equally strong; the latter
 * needs 16 MiB per hash instead of 128 MiB, which matters when sign-ins arrive together on a small
 * server. Hashes made with other parameters are upgraded at the next successful sign-in.
 */
const PARAMS = { N: 16384, r: 8, p: 5, maxmem: 64 * 1024 * 1024 };

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when the stored hash was made with other parameters than today's (then hash it again). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** A dummy hash so unknown usernames cost the same time as wrong passwords. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
