const WIDTH = 120;
const HEIGHT = 28;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The drop-off curve as a small line: the share of viewers still watching along the lecture, from
 * its start (left) to its end (right), 100 % at the top. Its label says the start, middle and end
 * in words for screen readers.
 */
export function DropOffSparkline({ points }: { points: number[] }) {
  if (points.length < 2) return <span>–</span>;
  const step = WIDTH / (points.length - 1);
  const line = points.map((share, i) => `${(i * step).toFixed(1)},${((1 - share) * (HEIGHT - 2) + 1).toFixed(1)}`);
  const middle = points[Math.floor(points.length / 2)] ?? 0;
  const label = `Still watching: ${percent(points[0] ?? 0)} at the start, ${percent(middle)} halfway, ${percent(points.at(-1) ?? 0)} at the end`;
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      <line x1={0} y1={HEIGHT - 1} x2={WIDTH} y2={HEIGHT - 1} stroke="var(--mantine-color-gray-3)" />
      <polyline points={line.join(' ')} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} />
    </svg>
  );
}
