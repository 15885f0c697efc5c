import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC over key, expiry and the download name, for links the local store serves itself: none of
 * the three can be edited without breaking the signature. An absent name signs as the empty one.
 */
export function signKey(secret: string, key: string, expires: number, name = ''): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}\n${name}`).digest('base64url');
}

export function verifySignature(
  secret: string,
  key: string,
  expires: number,
  signature: string,
  name: string | undefined,
): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signKey(secret, key, expires, name ?? ''));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
