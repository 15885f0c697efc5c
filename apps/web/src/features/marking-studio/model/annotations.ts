import type { Annotation } from '@valence/contract';

/** The annotations on screen and the sets before and after them, for undo and redo. */
export type AnnotationHistory = {
  items: Annotation[];
  past: Annotation[][];
  future: Annotation[][];
};

/** How many steps back undo reaches; older ones are dropped so a long session keeps little memory. */
export const UNDO_DEPTH = 200;

export function startHistory(items: Annotation[]): AnnotationHistory {
  return { items, past: [], future: [] };
}

/** A new set on screen: the old one becomes undoable, and what was undone can no longer be redone. */
export function change(history: AnnotationHistory, items: Annotation[]): AnnotationHistory {
  return { items, past: [...history.past, history.items].slice(-UNDO_DEPTH), future: [] };
}

export const addAnnotation = (history: AnnotationHistory, annotation: Annotation) =>
  change(history, [...history.items, annotation]);

export const removeAnnotation = (history: AnnotationHistory, index: number) =>
  index < 0 || index >= history.items.length
    ? history
    : change(
        history,
        history.items.filter((_, i) => i !== index),
      );

export function undo(history: AnnotationHistory): AnnotationHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { items: previous, past: history.past.slice(0, -1), future: [history.items, ...history.future] };
}

export function redo(history: AnnotationHistory): AnnotationHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { items: next, past: [...history.past, history.items], future: rest };
}

/** Four decimals: a tenth of a pixel on a page drawn 1,000 px wide, and a small autosave body. */
const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

/**
 * Where a pointer is on a page, as fractions of the page's drawn width and height (0–1, clamped to
 * the page), so the mark stays in place at any zoom and on the server's drawing.
 */
export function toFraction(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): [number, number] {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [round((clientX - box.left) / box.width), round((clientY - box.top) / box.height)];
}

/** A highlight dragged from one corner to the other, in any direction. */
export function boxBetween(page: number, from: [number, number], to: [number, number]): Annotation {
  const x = Math.min(from[0], to[0]);
  const y = Math.min(from[1], to[1]);
  return { page, kind: 'highlight', x, y, w: round(Math.abs(to[0] - from[0])), h: round(Math.abs(to[1] - from[1])) };
}

/** A freehand stroke; its first point is its x, y. */
export function penStroke(page: number, points: [number, number][]): Annotation | null {
  const first = points[0];
  if (!first) return null;
  return { page, kind: 'pen', x: first[0], y: first[1], points };
}
