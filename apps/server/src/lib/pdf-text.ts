import type { PDFFont } from 'pdf-lib';

/**
 * User text as the two PDF writers (the marked paper, the report pack) draw it with pdf-lib's
 * standard fonts. Both use these, so a comment, a feedback and a pack's cell are cleaned and wrapped
 * alike, and in time linear in the text: measuring every candidate line (the way it was done before)
 * cost the cube of a long word's length, 24 s of the server's one thread for a 3,000-letter word.
 */

/** The width of one character, in points. */
export type CharWidth = (char: string) => number;

/**
 * The text as a standard font can write it: the built-in fonts know only Latin-1-like letters
 * (WinAnsi), so any other character (Sinhala, Tamil, emoji) becomes '?' rather than failing the PDF.
 * Line ends become '\n' and tabs a space.
 */
export function printable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) => {
    let out = '';
    for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
      out += char === '\n' || known.has(char.codePointAt(0) ?? 0) ? char : '?';
    }
    return out;
  };
}

/**
 * A character's width in `font` at `size`, asked of the font once per distinct character. Kerning
 * is left out: pdf-lib's `drawText` does not kern either, so the sum is the drawn width.
 */
export function charWidths(font: PDFFont, size: number): CharWidth {
  const known = new Map<string, number>();
  return (char) => {
    let width = known.get(char);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, size);
      known.set(char, width);
    }
    return width;
  };
}

/** A line's width: its characters' widths summed. */
export function textWidth(text: string, widthOf: CharWidth): number {
  let width = 0;
  for (const char of text) width += widthOf(char);
  return width;
}

/**
 * Words into lines no wider than `width` (a word wider than a line is cut at the character that
 * would overflow it); each paragraph ('\n') starts a line, an empty one gives an empty line. Past
 * `maxLines` the text is cut and the last line kept ends in "...". Every character is measured once.
 */
export function wrapText(text: string, widthOf: CharWidth, width: number, maxLines = Number.POSITIVE_INFINITY) {
  const lines: string[] = [];
  const space = widthOf(' ');
  const full = () => lines.length > maxLines;
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      if (!word) continue;
      const chars = [...word];
      const widths = chars.map(widthOf);
      const wordWidth = widths.reduce((sum, w) => sum + w, 0);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (full()) break;
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      // Too wide for any line: cut it where the next character would overflow (one character at least).
      line = '';
      lineWidth = 0;
      for (let i = 0; i < chars.length && !full(); i++) {
        const w = widths[i] ?? 0;
        if (line && lineWidth + w > width) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        }
        line += chars[i];
        lineWidth += w;
      }
    }
    if (full()) break;
    lines.push(line);
    if (full()) break;
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}...`;
  return kept;
}
