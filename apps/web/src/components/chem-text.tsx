import {
  hasNotation as hasNotationText,
  type NotationSegment,
  notationToPlain,
  splitNotation,
} from '@valence/contract';
import { type CSSProperties, useEffect, useMemo, useSyncExternalStore } from 'react';

/** A run of plain text, or a formula with the text it was written as. */
export type ChemSegment = NotationSegment;

/**
 * Splits text into plain runs and notation (the contract's `splitNotation`, which also turns it
 * into plain Unicode for titles and PDFs).
 */
export const splitChem = splitNotation;

/** Whether `text` holds any notation ChemText would typeset (forms show a preview only then). */
export const hasNotation = hasNotationText;

type RenderTex = (tex: string, displayMode: boolean) => string | null;

/*
 * The renderer, fetched once for the whole page on the first ChemText that needs it. Until it is
 * here every formula shows as the text it was typed as.
 */
let renderer: RenderTex | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadRenderer(): Promise<void> {
  loading ??= import('./chem-render')
    .then((module) => {
      renderer = module.renderTex;
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => {
      // A failed chunk (offline) leaves the raw text readable; the next ChemText tries again.
      loading = null;
      console.error('Failed to load the formula renderer', error);
    });
  return loading;
}

function useRenderer(needed: boolean): RenderTex | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => renderer,
    () => null,
  );
  useEffect(() => {
    if (needed && !renderer) void loadRenderer();
  }, [needed]);
  return current;
}

// A formula wider than a phone scrolls inside its own box instead of widening the page.
const FORMULA: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflowX: 'auto',
  overflowY: 'hidden',
  verticalAlign: 'middle',
  whiteSpace: 'normal',
};
const DISPLAY_FORMULA: CSSProperties = { ...FORMULA, display: 'block' };
const TEXT: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };

type ChemTextProps = { text: string; className?: string };

/**
 * Text that may contain chemistry or maths notation (`\ce{H2SO4}`, `$\Delta H$`). Plain text is
 * rendered as React text, never as HTML, so whatever a question says shows literally; only
 * KaTeX's own output (which escapes its input) is injected.
 */
export function ChemText({ text, className }: ChemTextProps) {
  const segments = useMemo(() => splitChem(text), [text]);
  const render = useRenderer(segments.some((segment) => segment.kind === 'tex'));
  const parts = useMemo(
    () =>
      segments.map((segment, index) => {
        const key = `${index}:${segment.kind}`;
        if (segment.kind === 'text') return segment.text;
        const html = render?.(segment.tex, segment.display);
        if (!html)
          return (
            <span key={key} data-formula="raw">
              {segment.source}
            </span>
          );
        return (
          <span
            key={key}
            style={segment.display ? DISPLAY_FORMULA : FORMULA}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's output for one formula; it escapes the text and trust is off.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        );
      }),
    [segments, render],
  );
  return (
    <span className={className} style={TEXT}>
      {parts}
    </span>
  );
}

/**
 * Names the browser tab after what the page shows, its notation as plain Unicode (`\ce{H2SO4}` reads
 * H₂SO₄: a document title cannot typeset), before the app's own name (the entry HTML's title),
 * which comes back alone when the page goes.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const appName = document.title;
    document.title = `${notationToPlain(title)} — ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title]);
}
