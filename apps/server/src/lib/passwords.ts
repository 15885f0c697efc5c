import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrency-limit.js';

const scryptOnPool = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * Hashes run on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * also does every file read and write and signs session tokens (WebCrypto). A class signing in
 * together queued all of that behind its hashes: the portal's script took over a second to arrive
 * during 60 sign-ins, and most students waited for the whole class's hashes. Hashes take all but
 * two of the threads; on 2 cores that costs them no speed, as they only ever had 2 cores to share.
 */
const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashing = createConcurrencyLimit(Math.max(1, poolThreads - 2));

/**
 * Argon2id with OWASP's first recommendation (19 MiB, 2 passes, 1 lane), 16-byte random salt, in the
 * PHC string format that carries its parameters. It costs about 20 ms of CPU a check where the
 * scrypt setting used before (N=2^14, r=8, p=5, OWASP's cheapest scrypt) cost about 200 ms: two cores
 * check some 90 passwords a second instead of 10, so a class that signs in together gets in.
 */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** The scrypt hashes made before Argon2id: `scrypt$N$r$p$salt$hash` (base64), checked, then replaced. */
const SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;

export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2Hash(password, ARGON2));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    // A malformed stored hash is a mismatch, like a wrong password, never an error.
    return hashing(() => argon2Verify(stored, password)).catch(() => false);
  }
  return verifyScrypt(password, stored);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAX_MEMORY };
  const actual = await hashing(() =>
    scryptOnPool(password, Buffer.from(saltB64, 'base64'), expected.length, options),
  ).catch(() => null);
  return actual !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when the stored hash is not today's Argon2id with today's parameters (then hash it again). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/**
 * A hash of no password, with today's parameters, so unknown usernames cost the same time as wrong
 * passwords: a zero salt and a zero hash, which no password produces.
 */
export const DUMMY_HASH = `${CURRENT_PREFIX}${'A'.repeat(22)}$${'A'.repeat(43)}`;

const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 16 letters and digits (95 bits). No punctuation: a generated password is read aloud, typed on a
 * phone and handed out in a CSV, where a leading '-' would be quoted as a formula.
 */
export function generatePassword(): string {
  let password = '';
  while (password.length < 16) {
    for (const byte of randomBytes(32)) {
      // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every character equally likely.
      if (byte < 248 && password.length < 16) password += PASSWORD_ALPHABET[byte % 62];
    }
  }
  return password;
}
