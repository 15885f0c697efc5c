/**
 * The tus upload endpoint names each upload by its storage key (`resources/<uuid>-<name>`); the
 * upload URL carries that key base64url-encoded as its last path segment, so the client can tell
 * the key of a finished (or resumed) upload from its URL alone. Keys are ASCII by construction.
 */
export function encodeUploadId(key: string): string {
  return btoa(key).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function decodeUploadId(id: string): string | null {
  try {
    const base64 = id.replaceAll('-', '+').replaceAll('_', '/');
    return atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return null;
  }
}

/** The storage key of an upload from its tus URL, e.g. https://host/api/uploads/cmVzb3... */
export function uploadKeyFromUrl(url: string): string | null {
  const id = url.split('?')[0]?.split('/').filter(Boolean).pop();
  return id ? decodeUploadId(id) : null;
}
