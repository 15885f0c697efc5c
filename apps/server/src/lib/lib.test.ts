import { describe, expect, it } from 'vitest';
import { FailureThrottle } from '../modules/auth/throttle.js';
import { parseRange } from '../modules/files/range.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { parseDateTime } from './time.js';

describe('passwords', () => {
  it('verifies the right password only, with a salted scrypt hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash);
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

describe('FailureThrottle', () => {
  it('blocks after the limit within the window and frees again after it', () => {
    const throttle = new FailureThrottle(3, 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) throttle.fail('k', t0 + i);
    expect(throttle.retryAfter('k', t0 + 10)).toBe(60);
    expect(throttle.retryAfter('other', t0 + 10)).toBe(0);
    expect(throttle.retryAfter('k', t0 + 60_001)).toBe(0);
  });
  it('forgets failures on reset', () => {
    const throttle = new FailureThrottle(1, 60_000);
    throttle.fail('k');
    expect(throttle.retryAfter('k')).toBeGreaterThan(0);
    throttle.reset('k');
    expect(throttle.retryAfter('k')).toBe(0);
  });
});
