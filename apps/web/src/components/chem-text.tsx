import { type CSSProperties, useEffect, useMemo, useSyncExternalStore } from 'react';

/** A run of plain text, or a formula with the text it was written as. */
export type ChemSegment =
  | { kind: 'text'; text: string }
  | { kind: 'tex'; tex: string; source: string; display: boolean };

const COMMANDS = ['\\ce{', '\\pu{'];

/** Index of the `}` closing the group opened just before `start`, or -1; `\{` and `\}` do not count. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') i += 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Index where the closing `delimiter` of a math span starts, or -1; an escaped `\$` does not close it. */
function closingDollar(text: string, start: number, delimiter: string): number {
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

/**
 * Splits text into plain runs and notation: `\ce{…}` and `\pu{…}` (mhchem), `$…$` (inline math)
 * and `$$…$$` (display math). `\$` is a literal dollar. Anything unclosed stays plain text, so a
 * lone `$` in a sentence is just a dollar.
 */
export function splitChem(text: string): ChemSegment[] {
  const segments: ChemSegment[] = [];
  let plain = '';
  const push = (segment: ChemSegment) => {
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push(segment);
  };
  let i = 0;
  while (i < text.length) {
    const command = COMMANDS.find((name) => text.startsWith(name, i));
    if (command) {
      const end = closingBrace(text, i + command.length);
      if (end > 0) {
        const source = text.slice(i, end + 1);
        push({ kind: 'tex', tex: source, source, display: false });
        i = end + 1;
        continue;
      }
    }
    if (text.startsWith('\\$', i)) {
      plain += '$';
      i += 2;
      continue;
    }
    if (text[i] === '$') {
      const delimiter = text.startsWith('$$', i) ? '$$' : '$';
      const from = i + delimiter.length;
      const end = closingDollar(text, from, delimiter);
      const tex = end > 0 ? text.slice(from, end) : '';
      if (tex.trim()) {
        push({ kind: 'tex', tex, source: text.slice(i, end + delimiter.length), display: delimiter === '$$' });
        i = end + delimiter.length;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/** Whether `text` holds any notation ChemText would typeset (forms show a preview only then). */
export const hasNotation = (text: string) => splitChem(text).some((segment) => segment.kind === 'tex');

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
