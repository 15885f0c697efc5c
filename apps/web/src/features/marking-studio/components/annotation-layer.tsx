import type { Annotation } from '@valence/contract';
import { type PointerEvent, useRef, useState } from 'react';
import { boxBetween, penStroke, toFraction } from '../model/annotations';
import type { Tool } from '../model/tools';
import { AnnotationShape, INK, MARK_SIZE, strokePath, TEXT_SIZE } from './annotation-shapes';

type LayerProps = {
  page: number;
  width: number;
  height: number;
  /** Every annotation of the script, with its index in the whole set (the eraser removes by it). */
  items: Annotation[];
  tool: Tool;
  onAdd: (annotation: Annotation) => void;
  onRemove: (index: number) => void;
};

type Drag =
  | { kind: 'pen'; points: [number, number][]; pixels: number[][] }
  | { kind: 'highlight'; from: [number, number]; to: [number, number] };

const clampCorner = (value: number) => Math.min(Math.max(value, 0), 1 - MARK_SIZE);

/**
 * The drawing surface over one page: pointer events become annotations at fractions of the page, so
 * what is drawn at one zoom sits in the same place at any other and on the server's marked paper.
 */
export function AnnotationLayer({ page, width, height, items, tool, onAdd, onRemove }: LayerProps) {
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [typing, setTypingState] = useState<{ x: number; y: number; text: string } | null>(null);
  // The comment being typed, read by commitText: Enter, a click elsewhere and the blur that follows
  // may all commit it, and only the first may add it.
  const open = useRef(typing);
  const setTyping = (next: typeof typing) => {
    open.current = next;
    setTypingState(next);
  };

  const at = (event: PointerEvent) => {
    const box = svg.current?.getBoundingClientRect() ?? { left: 0, top: 0, width, height };
    return toFraction(event.clientX, event.clientY, box);
  };

  function down(event: PointerEvent<SVGSVGElement>) {
    if (event.button !== 0) return;
    const point = at(event);
    if (tool === 'eraser') {
      const index = (event.target as Element).closest('[data-index]')?.getAttribute('data-index');
      if (index !== null && index !== undefined) onRemove(Number(index));
      return;
    }
    if (tool === 'tick' || tool === 'cross') {
      // The click is the mark's middle; its stored x, y is its top-left corner.
      const half = MARK_SIZE / 2;
      const ratio = width / height;
      onAdd({ page, kind: tool, x: clampCorner(point[0] - half), y: clampCorner(point[1] - half * ratio) });
      return;
    }
    if (tool === 'text') {
      event.preventDefault();
      if (typing) commitText();
      else setTyping({ x: point[0], y: point[1], text: '' });
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (tool === 'pen')
      setDrag({ kind: 'pen', points: [point], pixels: [[point[0] * width, point[1] * height, event.pressure || 0.5]] });
    else setDrag({ kind: 'highlight', from: point, to: point });
  }

  function move(event: PointerEvent<SVGSVGElement>) {
    if (!drag) return;
    const point = at(event);
    if (drag.kind === 'pen') {
      const last = drag.points.at(-1);
      if (last && last[0] === point[0] && last[1] === point[1]) return;
      setDrag({
        kind: 'pen',
        points: [...drag.points, point],
        pixels: [...drag.pixels, [point[0] * width, point[1] * height, event.pressure || 0.5]],
      });
    } else setDrag({ ...drag, to: point });
  }

  function up() {
    if (!drag) return;
    setDrag(null);
    if (drag.kind === 'pen') {
      const stroke = penStroke(page, drag.points);
      if (stroke) onAdd(stroke);
    } else {
      const box = boxBetween(page, drag.from, drag.to);
      // A click without a drag is no box.
      if (box.kind === 'highlight' && box.w > 0.005 && box.h > 0.005) onAdd(box);
    }
  }

  function commitText() {
    const current = open.current;
    const text = current?.text.trim();
    if (current && text) onAdd({ page, kind: 'text', x: current.x, y: current.y, text });
    setTyping(null);
  }

  const pressure = drag?.kind === 'pen' && drag.pixels.some(([, , p]) => p !== 0.5);
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <svg
        ref={svg}
        role="img"
        aria-label={`Annotations on page ${page}`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          touchAction: 'none',
          cursor: tool === 'eraser' ? 'not-allowed' : tool === 'text' ? 'text' : 'crosshair',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => setDrag(null)}
      >
        {items.map((annotation, index) =>
          annotation.page === page ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the annotation's identity in the set
            <AnnotationShape key={index} annotation={annotation} index={index} width={width} height={height} />
          ) : null,
        )}
        {drag?.kind === 'pen' && <path d={strokePath(drag.pixels, width, pressure)} fill={INK} />}
        {drag?.kind === 'highlight' && (
          <rect
            x={Math.min(drag.from[0], drag.to[0]) * width}
            y={Math.min(drag.from[1], drag.to[1]) * height}
            width={Math.abs(drag.to[0] - drag.from[0]) * width}
            height={Math.abs(drag.to[1] - drag.from[1]) * height}
            fill="rgba(255, 212, 59, 0.35)"
            stroke="#fab005"
          />
        )}
      </svg>
      {typing && (
        <textarea
          aria-label="Comment text"
          // biome-ignore lint/a11y/noAutofocus: the comment is typed where it was clicked, at once
          autoFocus
          value={typing.text}
          rows={2}
          onChange={(event) => setTyping({ ...typing, text: event.currentTarget.value })}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTyping(null);
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              commitText();
            }
          }}
          style={{
            position: 'absolute',
            left: `${typing.x * 100}%`,
            top: `${typing.y * 100}%`,
            width: `min(${Math.max(160, width * 0.4)}px, ${(1 - typing.x) * 100}%)`,
            fontSize: Math.max(12, TEXT_SIZE * width),
            color: INK,
            border: `1px dashed ${INK}`,
            background: 'rgba(255,255,255,0.9)',
            zIndex: 2,
          }}
        />
      )}
    </div>
  );
}
