import { describe, expect, it } from 'vitest';
import { assertSafeKey, InvalidKeyError, sanitizeFileName } from './storage.js';

describe('object keys', () => {
  it.each(['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', './a', 'a/.', ''])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(InvalidKeyError);
  });
  it('accepts nested relative keys', () => {
    expect(assertSafeKey('resources/abc-notes.pdf')).toBe('resources/abc-notes.pdf');
  });
  it('sanitizes file names to a safe, non-hidden base name', () => {
    expect(sanitizeFileName('../../Lecture 1 (final).mp4')).toBe('Lecture_1__final_.mp4');
    expect(sanitizeFileName('.env')).toBe('_env');
    expect(sanitizeFileName('')).toBe('file');
  });
});
