/**
 * The arithmetic of played parts of a lecture, as [from, to] seconds: pure, so the heartbeat's rules
 * can be tested without a database.
 */
export type Segment = [number, number];

/** The union of the segments as disjoint ranges in order; touching ranges become one. */
export function mergeSegments(segments: readonly Segment[]): Segment[] {
  const sorted = segments.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Segment[] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Seconds covered by the segments, each second counted once however often it appears. */
export function unionLength(segments: readonly Segment[]): number {
  return mergeSegments(segments).reduce((sum, [from, to]) => sum + (to - from), 0);
}

/** The segments cut to [0, length]: a player's last frame may report a hair past the end. */
export function clampSegments(segments: readonly Segment[], length: number): Segment[] {
  return segments
    .map(([from, to]): Segment => [Math.max(0, Math.min(from, length)), Math.max(0, Math.min(to, length))])
    .filter(([from, to]) => to > from);
}
