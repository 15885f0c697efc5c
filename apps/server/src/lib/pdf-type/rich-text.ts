import { notationToPlain, splitNotation } from '@valence/contract';

/**
 * User text as a PDF line draws it: `\ce{…}`, `\pu{…}` and `$…$` notation turned into text with
 * lowered (subscript) and raised (superscript) characters. `text` is what is drawn (a subscript 2 as
 * the digit 2, drawn smaller and lower), `actual` what a reader copying the line gets back (H₂SO₄,
 * the PDF's ActualText), `shifts` per UTF-16 unit: -1 lowered, 1 raised, 0 on the line. The three
 * always have the same length, so any slice of one is the same slice of the others.
 */
export type RichText = { text: string; actual: string; shifts: Int8Array };

/** The raised characters `notationToPlain` writes, and what is drawn raised for each. */
const RAISED: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁺': '+',
  '⁻': '−',
  '⁼': '=',
  '⁽': '(',
  '⁾': ')',
  ⁿ: 'n',
  ⁱ: 'i',
  ˣ: 'x',
};
const LOWERED: Record<string, string> = {
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  '₄': '4',
  '₅': '5',
  '₆': '6',
  '₇': '7',
  '₈': '8',
  '₉': '9',
  '₊': '+',
  '₋': '−',
  '₌': '=',
  '₍': '(',
  '₎': ')',
  ₐ: 'a',
  ₑ: 'e',
  ₒ: 'o',
  ₓ: 'x',
  ₙ: 'n',
};

/**
 * Line ends as '\n', tabs as a space, other control characters (which no font draws and which
 * would break a PDF string) left out.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/\p{Cc}/gu, (char) => (char === '\n' ? char : ''));
}

/** Plain text as rich text: everything on the line. */
export function plainRich(text: string): RichText {
  return { text, actual: text, shifts: new Int8Array(text.length) };
}

/** User text with its notation typeset (see `RichText`). */
export function richText(input: string): RichText {
  let text = '';
  let actual = '';
  const shifts: number[] = [];
  for (const segment of splitNotation(cleanText(input))) {
    if (segment.kind === 'text') {
      text += segment.text;
      actual += segment.text;
      for (let i = 0; i < segment.text.length; i++) shifts.push(0);
      continue;
    }
    // The shared notation parser reads the formula; its raised and lowered characters become shifts.
    const plain = notationToPlain(segment.source);
    for (const char of plain) {
      const raised = RAISED[char];
      const lowered = raised === undefined ? LOWERED[char] : undefined;
      const drawn = raised ?? lowered ?? char;
      const shift = raised !== undefined ? 1 : lowered !== undefined ? -1 : 0;
      // Every replacement is one UTF-16 unit like the character it replaces.
      text += drawn;
      actual += char;
      for (let i = 0; i < drawn.length; i++) shifts.push(shift);
    }
  }
  return { text, actual, shifts: Int8Array.from(shifts) };
}

export function sliceRich(rich: RichText, start: number, end = rich.text.length): RichText {
  return {
    text: rich.text.slice(start, end),
    actual: rich.actual.slice(start, end),
    shifts: rich.shifts.slice(start, end),
  };
}

export function concatRich(...parts: RichText[]): RichText {
  const shifts = new Int8Array(parts.reduce((sum, part) => sum + part.shifts.length, 0));
  let at = 0;
  for (const part of parts) {
    shifts.set(part.shifts, at);
    at += part.shifts.length;
  }
  return { text: parts.map((p) => p.text).join(''), actual: parts.map((p) => p.actual).join(''), shifts };
}
