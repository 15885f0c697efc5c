import type { Annotation } from '@valence/contract';
import { getStroke } from 'perfect-freehand';

/** A tick's or a cross's side, as a fraction of the page's width (the server draws them as large). */
export const MARK_SIZE = 0.04;
/** A text comment's font size, as a fraction of the page's width. */
export const TEXT_SIZE = 0.018;

export const INK = '#d6336c';

/** perfect-freehand's outline of a stroke, as an SVG path in page pixels. */
export function strokePath(points: number[][], width: number, pressure: boolean): string {
  const outline = getStroke(points, {
    size: Math.max(2, width * 0.004),
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.5,
    simulatePressure: !pressure,
  });
  const [first, ...rest] = outline as [number, number][];
  if (!first) return '';
  return `M${first[0].toFixed(1)},${first[1].toFixed(1)}${rest.map(([x, y]) => `L${x.toFixed(1)},${y.toFixed(1)}`).join('')}Z`;
}

type ShapeProps = { annotation: Annotation; width: number; height: number; index: number };

/** One annotation drawn on a page `width` × `height` pixels; `data-index` lets the eraser find it. */
export function AnnotationShape({ annotation: a, width, height, index }: ShapeProps) {
  const x = a.x * width;
  const y = a.y * height;
  const side = MARK_SIZE * width;
  const common = { 'data-index': index, style: { cursor: 'inherit' } } as const;
  switch (a.kind) {
    case 'pen':
      return (
        <path
          {...common}
          d={strokePath(
            a.points.map(([px, py]) => [px * width, py * height]),
            width,
            false,
          )}
          fill={a.color ?? INK}
        />
      );
    case 'tick':
      return (
        <path
          {...common}
          d={`M${x},${y + side * 0.55} L${x + side * 0.38},${y + side} L${x + side},${y}`}
          fill="none"
          stroke="#2f9e44"
          strokeWidth={Math.max(2, side * 0.12)}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      );
    case 'cross':
      return (
        <path
          {...common}
          d={`M${x},${y} L${x + side},${y + side} M${x + side},${y} L${x},${y + side}`}
          fill="none"
          stroke="#e03131"
          strokeWidth={Math.max(2, side * 0.12)}
          strokeLinecap="round"
        />
      );
    case 'highlight':
      return <rect {...common} x={x} y={y} width={a.w * width} height={a.h * height} fill="rgba(255, 212, 59, 0.35)" />;
    case 'text':
      return (
        <text
          {...common}
          x={x}
          y={y}
          dominantBaseline="hanging"
          fontSize={Math.max(10, TEXT_SIZE * width)}
          fill={INK}
          fontFamily="Helvetica, Arial, sans-serif"
        >
          {a.text.split('\n').map((line, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered
            <tspan key={n} x={x} dy={n === 0 ? 0 : '1.2em'}>
              {line}
            </tspan>
          ))}
        </text>
      );
  }
}
