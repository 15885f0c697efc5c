import type { Annotation } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { addAnnotation, boxBetween, redo, removeAnnotation, startHistory, toFraction, undo } from './annotations';

const tick: Annotation = { page: 1, kind: 'tick', x: 0.1, y: 0.2 };
const cross: Annotation = { page: 2, kind: 'cross', x: 0.5, y: 0.5 };
const note: Annotation = { page: 1, kind: 'text', x: 0.3, y: 0.4, text: 'Units?' };

describe('annotation history', () => {
  it('undoes and redoes additions and removals in order, and a new change drops the redo steps', () => {
    let history = startHistory([tick]);
    history = addAnnotation(history, cross);
    history = addAnnotation(history, note);
    history = removeAnnotation(history, 0);
    expect(history.items).toEqual([cross, note]);

    history = undo(history);
    expect(history.items).toEqual([tick, cross, note]);
    history = undo(history);
    expect(history.items).toEqual([tick, cross]);
    history = redo(history);
    expect(history.items).toEqual([tick, cross, note]);

    history = addAnnotation(history, { page: 1, kind: 'cross', x: 0, y: 0 });
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);

    // Back to what was loaded, and no further.
    history = undo(undo(undo(history)));
    expect(history.items).toEqual([tick]);
    expect(undo(history)).toBe(history);
  });

  it('leaves the set alone when the eraser hits nothing', () => {
    const history = startHistory([tick]);
    expect(removeAnnotation(history, 3)).toBe(history);
  });
});

describe('fractional coordinates', () => {
  const page = { left: 100, top: 50, width: 800, height: 1131 };

  it('gives the point as fractions of the page, four decimals, whatever the zoom', () => {
    expect(toFraction(500, 50 + 1131 / 4, page)).toEqual([0.5, 0.25]);
    // The same spot on the page drawn twice as large.
    expect(toFraction(100 + 1600 * 0.3, 50 + 2262 * 0.7, { ...page, width: 1600, height: 2262 })).toEqual([0.3, 0.7]);
    expect(toFraction(100 + 800 / 3, 50, page)).toEqual([0.3333, 0]);
  });

  it('keeps a point dragged off the page on its edge', () => {
    expect(toFraction(50, 2000, page)).toEqual([0, 1]);
  });

  it('makes a highlight from a drag in any direction', () => {
    expect(boxBetween(2, [0.6, 0.5], [0.2, 0.1])).toEqual({
      page: 2,
      kind: 'highlight',
      x: 0.2,
      y: 0.1,
      w: 0.4,
      h: 0.4,
    });
  });
});
