import { GRADEBOOK_BINS } from '@valence/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type HistogramProps = {
  /** Ten counts, one per ten-point bin of combined totals. */
  counts: number[];
  title: string;
  width?: number;
  height?: number;
};

/**
 * The class's combined totals in ten-point bins, drawn by uPlot as bars. uPlot is imported only
 * here, and this feature only by the gradebook page, so it comes with that page's chunk alone.
 */
export function Histogram({ counts, title, width = 520, height = 220 }: HistogramProps) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const xs = counts.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.8, 60] });
    const chart = new uPlot(
      {
        title,
        width,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, 9.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { values: (_u, splits) => splits.map((i) => GRADEBOOK_BINS[i] ?? ''), incrs: [1] },
          { label: 'Students', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        series: [
          {},
          {
            label: 'Students',
            fill: 'rgba(34, 139, 230, 0.6)',
            stroke: '#1c7ed6',
            paths: bars,
            points: { show: false },
          },
        ],
      },
      [xs, counts],
      element,
    );
    return () => chart.destroy();
  }, [counts, title, width, height]);
  return <div ref={target} role="img" aria-label={`${title}: ${histogramText(counts)}`} />;
}

/** The chart in words, for screen readers and the tests: `0–9: 1, 20–29: 3`. */
export function histogramText(counts: number[]): string {
  const filled = counts.flatMap((count, i) => (count > 0 ? [`${GRADEBOOK_BINS[i]}: ${count}`] : []));
  return filled.length > 0 ? filled.join(', ') : 'no totals yet';
}
