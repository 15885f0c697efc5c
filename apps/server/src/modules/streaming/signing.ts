import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A student's HLS addresses carry `s` (the student), `e` (expiry, epoch seconds) and `sig`, an
 * HMAC over the lecture, the student and the expiry: one signature serves every playlist and segment
 * of that lecture for that student until it expires, so a rewritten playlist passes it on as it is.
 */
export function signStream(secret: string, resourceId: number, studentId: number, expires: number): string {
  return `s=${studentId}&e=${expires}&sig=${mac(secret, resourceId, studentId, expires)}`;
}

function mac(secret: string, resourceId: number, studentId: number, expires: number) {
  return createHmac('sha256', secret).update(`hls\n${resourceId}\n${studentId}\n${expires}`).digest('base64url');
}

export function verifyStream(
  secret: string,
  resourceId: number,
  query: { s: number; e: number; sig: string },
  nowSeconds = Date.now() / 1000,
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(mac(secret, resourceId, query.s, query.e));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return query.e < nowSeconds ? 'expired' : 'ok';
}

/**
 * A playlist as served: every address in it (a child playlist, a segment) gets the request's own
 * signature query, so the player's next requests are checked the same way.
 */
export function rewritePlaylist(text: string, query: string): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return line;
      return `${trimmed}${trimmed.includes('?') ? '&' : '?'}${query}`;
    })
    .join('\n');
}
