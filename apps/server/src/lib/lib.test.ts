import { describe, expect, it } from 'vitest';
import { parseRange } from '../modules/files/range.js';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { parseDateTime } from './time.js';

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

describe('parseDateTime', () => {
  it('keeps absolute times as they are', () => {
    expect(parseDateTime('2026-01-01T00:00:00Z', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseDateTime('2026-01-01T05:30:00+05:30', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
  it('reads wall-clock times in the given zone, including across DST', () => {
    expect(parseDateTime('2026-01-01T05:30', 'Asia/Colombo').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseDateTime('2026-07-01 12:00:00', 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(parseDateTime('2026-01-01T12:00', 'Europe/London').toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });
});

describe('parseRange', () => {
  it('parses closed, open and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-500', 100)).toEqual({ start: 95, end: 99 });
  });
  it('ignores what it cannot read and refuses what lies past the end', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
