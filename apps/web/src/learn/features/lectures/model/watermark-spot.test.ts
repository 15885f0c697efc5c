import { describe, expect, it } from 'vitest';
import { nextWatermarkSpot, WATERMARK_MAX_MS, WATERMARK_MIN_MS } from './watermark-spot';

describe('nextWatermarkSpot', () => {
  it('stays 20 to 40 seconds, inside the player, away from its edges', () => {
    for (const value of [0, 0.25, 0.5, 0.999]) {
      const spot = nextWatermarkSpot(() => value);
      expect(spot.stayMs).toBeGreaterThanOrEqual(WATERMARK_MIN_MS);
      expect(spot.stayMs).toBeLessThanOrEqual(WATERMARK_MAX_MS);
      expect(spot.top).toBeGreaterThanOrEqual(5);
      expect(spot.top).toBeLessThanOrEqual(80);
      expect(spot.left).toBeGreaterThanOrEqual(3);
      expect(spot.left).toBeLessThanOrEqual(63);
    }
  });

  it('moves somewhere else each time', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const spots = Array.from({ length: 5 }, () => nextWatermarkSpot(random));
    expect(new Set(spots.map((s) => `${s.top},${s.left}`)).size).toBe(5);
  });
});
