import { randomUUID } from 'node:crypto';
import { decodeUploadId, encodeUploadId, MAX_RESOURCE_BYTES, RESOURCE_KEY_PATTERN } from '@valence/contract';
import { assertSafeKey, sanitizeFileName } from '../../storage/storage.js';

/** The storage key of a new upload: `resources/<unique prefix>-<name>`, the file's name kept readable. */
export function newUploadKey(fileName: string): string {
  return `resources/${randomUUID()}-${sanitizeFileName(fileName)}`;
}

/** True for keys our upload endpoint issues, and only those. */
export function isUploadKey(key: string): boolean {
  if (!RESOURCE_KEY_PATTERN.test(key)) return false;
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key behind an upload URL's last segment, or undefined when the segment is not the canonical
 * encoding of a key we issue (so a crafted id can never name another object in the store).
 */
export function keyFromUploadId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const key = decodeUploadId(id);
  if (!key || !isUploadKey(key) || encodeUploadId(key) !== id) return undefined;
  return key;
}

export const deferredLengthMessage = 'Deferred upload length is not supported: declare the file size in Upload-Length.';
export const missingFileNameMessage = 'Upload-Metadata must include the file name (filename).';

export type CreationProblem = { status: 400 | 413; message: string };

/**
 * Checks a creation request (tus POST) before anything is stored: the size must be declared up
 * front, within the 5 GB limit, and the metadata must name the file.
 */
export function checkCreation(headers: {
  uploadLength: string | undefined;
  uploadDeferLength: string | undefined;
  fileName: string | null | undefined;
}): CreationProblem | null {
  if (headers.uploadDeferLength !== undefined) {
    return { status: 400, message: deferredLengthMessage };
  }
  if (headers.uploadLength === undefined || !/^\d{1,16}$/.test(headers.uploadLength)) {
    return { status: 400, message: 'Upload-Length must give the file size in bytes.' };
  }
  if (Number(headers.uploadLength) > MAX_RESOURCE_BYTES) {
    return { status: 413, message: tooLargeMessage };
  }
  if (!headers.fileName?.trim()) {
    return { status: 400, message: missingFileNameMessage };
  }
  return null;
}

export const tooLargeMessage = `Files larger than 5 GB (${MAX_RESOURCE_BYTES} bytes) cannot be uploaded.`;

/** Only media types a browser will not run as a page are kept as the stored object's type. */
export function safeContentType(type: string | null | undefined): string | undefined {
  if (!type) return undefined;
  const value = type.trim().toLowerCase();
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(value)) return value;
  if (/^image\/(png|jpeg|gif|webp|bmp)$/.test(value)) return value;
  if (value === 'application/pdf' || value === 'text/plain') return value;
  if (/^application\/(msword|vnd\.openxmlformats-officedocument\.[a-z.]+|vnd\.ms-[a-z.]+)$/.test(value)) return value;
  return undefined;
}
