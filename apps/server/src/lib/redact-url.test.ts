import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('hides link signatures and tokens but keeps the rest of the URL readable', () => {
    expect(redactUrl('/api/files/resources/a.mp4?expires=1&name=a.mp4&signature=abcDEF_-')).toBe(
      '/api/files/resources/a.mp4?expires=1&name=a.mp4&signature=[redacted]',
    );
    expect(redactUrl('/x?X-Amz-Signature=1&X-Amz-Credential=2&x-amz-security-token=3&token=4&page=2')).toBe(
      '/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&x-amz-security-token=[redacted]&token=[redacted]&page=2',
    );
    expect(redactUrl('/x?%73ignature=abc')).toBe('/x?%73ignature=[redacted]');
  });
  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/courses')).toBe('/api/courses');
    expect(redactUrl('/api/courses?q=chem&x=%E0')).toBe('/api/courses?q=chem&x=%E0');
  });
});
