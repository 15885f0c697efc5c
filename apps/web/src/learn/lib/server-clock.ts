/**
 * The server's time as this phone can tell it: the phone's clock plus an offset learnt from the
 * server's answers. A timed sitting ends at the server's deadline, and a phone's clock may be
 * minutes off (set by hand, never synced), so every countdown of the exams counts from here.
 *
 * Two sources: `serverNow` of an exam or a start (to the millisecond), and the `Date` header of any
 * answer (to the second), which serves only until a precise one has been seen.
 */
let offset = 0;
let precise = false;

/** The server said it was `iso` when its answer arrived at `receivedAt` (the phone's time). */
export function noteServerNow(iso: string, receivedAt: number = Date.now()): void {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return;
  offset = at - receivedAt;
  precise = true;
}

/** An answer's `Date` header (whole seconds, so its middle is the best guess). */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()): void {
  if (precise || !header) return;
  const at = Date.parse(header);
  if (!Number.isNaN(at)) offset = at + 500 - receivedAt;
}

/** The server's time now, in milliseconds since the epoch. */
export const serverNow = (): number => Date.now() + offset;

/** How far the phone's clock is behind the server's (negative: ahead). */
export const serverOffset = (): number => offset;

/** Forgets what was learnt: for tests, which share one module graph per worker. */
export function resetServerClock(): void {
  offset = 0;
  precise = false;
}
