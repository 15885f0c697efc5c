/** tus requests over HTTP, as a tus client sends them; `auth` is a login's bearer header, or none. */
type Headers = Record<string, string>;

/** The Upload-Metadata header: each key followed by its value in base64. */
export const metadataHeader = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A request with only the tus version beside `auth` (HEAD for the offset, DELETE to cancel). */
export function tusRequest(method: 'HEAD' | 'DELETE', url: string | URL, auth: Headers) {
  return fetch(url, { method, headers: { ...auth, 'Tus-Resumable': '1.0.0' } });
}

/** POST to the endpoint: a new upload of `length` bytes; `extra` headers go last, so they may replace any. */
export function tusCreate(
  endpoint: string,
  auth: Headers,
  length: number | string,
  metadata: Record<string, string>,
  extra: Headers = {},
) {
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': metadataHeader(metadata),
      ...extra,
    },
  });
}

/** PATCH: `body` written at `offset` of the upload at `url`. */
export function tusPatch(url: string | URL, auth: Headers, offset: number, body: Buffer) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body,
  });
}
