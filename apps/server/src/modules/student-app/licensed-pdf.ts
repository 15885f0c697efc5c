import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link a student opens a lecture PDF by: signed for that student and lecture and short-lived, so
 * pdf.js and a plain download can fetch it without a header, and a copied link stops working. The
 * file it answers is stamped "Licensed to …" for that student (`resources/licence-stamp.ts`).
 */

const mac = (secret: string, resourceId: number, studentId: number, expires: number) =>
  createHmac('sha256', secret).update(`licensed-pdf\n${resourceId}\n${studentId}\n${expires}`).digest('base64url');

export function licensedPdfQuery(secret: string, resourceId: number, studentId: number, expires: number): string {
  return `s=${studentId}&e=${expires}&sig=${mac(secret, resourceId, studentId, expires)}`;
}

export function verifyLicensedPdf(
  secret: string,
  resourceId: number,
  query: { s: number; e: number; sig: string },
  nowSeconds = Date.now() / 1000,
): boolean {
  if (query.e < nowSeconds) return false;
  const expected = Buffer.from(mac(secret, resourceId, query.s, query.e));
  const given = Buffer.from(query.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
