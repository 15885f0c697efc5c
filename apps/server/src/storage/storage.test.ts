import { describe, expect, it } from 'vitest';
import { assertSafeKey, InvalidKeyError, StorageFullError, sanitizeFileName, storageFullOf } from './storage.js';

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

describe('storageFullOf', () => {
  const fsError = (code: string) => Object.assign(new Error(`${code}: failed, write`), { code, syscall: 'write' });

  it.each([
    ['ENOSPC', 'full', /disk is full/],
    ['EDQUOT', 'full', /disk is full/],
    ['EROFS', 'read-only', /read-only/],
  ] as const)('answers 507 for %s, however deep the error is wrapped', (code, reason, message) => {
    for (const error of [fsError(code), new Error('pipeline failed', { cause: fsError(code) })]) {
      const full = storageFullOf(error);
      expect(full).toBeInstanceOf(StorageFullError);
      expect(full).toMatchObject({ statusCode: 507, reason });
      expect(full?.message).toMatch(message);
    }
  });

  it('leaves every other failure alone', () => {
    for (const error of [fsError('EIO'), fsError('EACCES'), new Error('ENOSPC in a message only'), null, 'ENOSPC']) {
      expect(storageFullOf(error)).toBeUndefined();
    }
  });
});
