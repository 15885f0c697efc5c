/** The watermark moves after 20 to 40 seconds, to a place it was not. */
export const WATERMARK_MIN_MS = 20_000;
export const WATERMARK_MAX_MS = 40_000;

export type Spot = { top: number; left: number };

/**
 * Where the watermark goes next, in percent of the player (kept off the edges, where it would be
 * clipped or cropped out easily), and how long it stays there. `random` is Math.random in the app.
 */
export function nextWatermarkSpot(random: () => number = Math.random): Spot & { stayMs: number } {
  return {
    top: Math.round(5 + random() * 75),
    left: Math.round(3 + random() * 60),
    stayMs: Math.round(WATERMARK_MIN_MS + random() * (WATERMARK_MAX_MS - WATERMARK_MIN_MS)),
  };
}
