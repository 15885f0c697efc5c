import { encodeUploadId, MAX_RESOURCE_BYTES, RESOURCE_KEY_PATTERN, uploadKeyFromUrl } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { checkCreation, isUploadKey, keyFromUploadId, newUploadKey, safeContentType } from './upload-key.js';

describe('upload keys', () => {
  it('names uploads resources/<uuid>-<sanitized name>, unique per call', () => {
    const key = newUploadKey('Week 3: Redox/ions.mp4');
    expect(key).toMatch(RESOURCE_KEY_PATTERN);
    expect(key).toMatch(/^resources\/[0-9a-f-]{36}-ions\.mp4$/);
    expect(newUploadKey('a.mp4')).not.toBe(newUploadKey('a.mp4'));
  });

  it('round-trips a key through the upload URL segment', () => {
    const key = newUploadKey('lecture.mp4');
    expect(keyFromUploadId(encodeUploadId(key))).toBe(key);
    expect(uploadKeyFromUrl(`https://x.test/api/uploads/${encodeUploadId(key)}`)).toBe(key);
  });

  it('refuses ids that do not decode to a key it issues', () => {
    expect(keyFromUploadId(undefined)).toBeUndefined();
    expect(keyFromUploadId('uploads')).toBeUndefined();
    expect(keyFromUploadId(encodeUploadId('secret.key'))).toBeUndefined();
    expect(keyFromUploadId(encodeUploadId('resources/../secret.key'))).toBeUndefined();
    expect(keyFromUploadId(encodeUploadId('resources/00000000-0000-0000-0000-000000000000-a/b'))).toBeUndefined();
    // Non-canonical encodings of a valid key (padding) are refused too.
    const key = newUploadKey('a.mp4');
    expect(keyFromUploadId(`${encodeUploadId(key)}==`)).toBeUndefined();
    expect(isUploadKey(key)).toBe(true);
    expect(isUploadKey('exams/x.pdf')).toBe(false);
  });
});

describe('creation checks', () => {
  const ok = { uploadLength: '100', uploadDeferLength: undefined, fileName: 'a.mp4' };

  it('accepts a declared size up to exactly 5 GB with a file name', () => {
    expect(checkCreation(ok)).toBeNull();
    expect(checkCreation({ ...ok, uploadLength: String(MAX_RESOURCE_BYTES) })).toBeNull();
    expect(checkCreation({ ...ok, uploadLength: '0' })).toBeNull();
  });

  it('refuses more than 5 GB with 413', () => {
    expect(checkCreation({ ...ok, uploadLength: String(MAX_RESOURCE_BYTES + 1) })?.status).toBe(413);
  });

  it('refuses deferred, missing or malformed lengths and a missing name with 400', () => {
    expect(checkCreation({ ...ok, uploadLength: undefined, uploadDeferLength: '1' })?.status).toBe(400);
    expect(checkCreation({ ...ok, uploadLength: undefined })?.status).toBe(400);
    expect(checkCreation({ ...ok, uploadLength: '-1' })?.status).toBe(400);
    expect(checkCreation({ ...ok, uploadLength: '1e9' })?.status).toBe(400);
    expect(checkCreation({ ...ok, fileName: '  ' })?.message).toMatch(/filename/);
    expect(checkCreation({ ...ok, fileName: undefined })?.status).toBe(400);
  });
});

describe('safeContentType', () => {
  it('keeps media and document types, drops types a browser would run', () => {
    expect(safeContentType('video/mp4')).toBe('video/mp4');
    expect(safeContentType('Audio/MPEG')).toBe('audio/mpeg');
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType('text/html')).toBeUndefined();
    expect(safeContentType('image/svg+xml')).toBeUndefined();
    expect(safeContentType('application/javascript')).toBeUndefined();
    expect(safeContentType(null)).toBeUndefined();
  });
});
