/*
 * KaTeX, its mhchem extension and its stylesheet (with fonts, ~300 KB) in one chunk that
 * `ChemText` imports on first use, so the first bundle and pages without notation never carry it.
 */
import katex from 'katex';
import 'katex/contrib/mhchem';
import 'katex/dist/katex.min.css';

/**
 * KaTeX's HTML for `tex`, or null when KaTeX fails in a way `throwOnError: false` does not cover.
 * KaTeX escapes its input and `trust: false` refuses \href, \url and \html*, so the result is safe
 * to inject; a malformed formula comes back as its source in KaTeX's error colour.
 */
export function renderTex(tex: string, displayMode: boolean): string | null {
  try {
    return katex.renderToString(tex, {
      displayMode,
      throwOnError: false,
      output: 'htmlAndMathml',
      trust: false,
      strict: 'ignore',
      // Bounds how far macros may expand, so a crafted question cannot hang the page.
      maxExpand: 1000,
    });
  } catch {
    return null;
  }
}
