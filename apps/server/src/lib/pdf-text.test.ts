import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { type CharWidth, charWidths, printable, textWidth, wrapText } from './pdf-text.js';

/** Every character 5 points wide, each measurement counted. */
function counted(): { widthOf: CharWidth; calls: () => number } {
  let calls = 0;
  return {
    widthOf: () => {
      calls += 1;
      return 5;
    },
    calls: () => calls,
  };
}

describe('wrapText', () => {
  it('measures each character of a 3,000-letter word once, and cuts it where a line overflows', () => {
    const word = 'W'.repeat(3000);
    const { widthOf, calls } = counted();
    const lines = wrapText(word, widthOf, 100);
    // 20 letters of 5 points fill a 100-point line.
    expect(lines).toHaveLength(150);
    expect(lines.every((line) => line.length === 20)).toBe(true);
    expect(lines.join('')).toBe(word);
    // Once per letter, and once for the width of a space.
    expect(calls()).toBe(3000 + 1);
  });

  it('grows linearly: twice the text, twice the measurements, for long words and many of them', () => {
    const measure = (text: string) => {
      const { widthOf, calls } = counted();
      wrapText(text, widthOf, 100);
      return calls();
    };
    const manyLongWords = (count: number) => Array.from({ length: count }, (_, i) => 'x'.repeat(400 + i)).join(' ');
    for (const [small, large] of [
      ['a'.repeat(3000), 'a'.repeat(6000)],
      [manyLongWords(200), `${manyLongWords(200)} ${manyLongWords(200)}`],
    ] as const) {
      const letters = (text: string) => text.replaceAll(' ', '').length;
      expect(measure(small)).toBe(letters(small) + 1);
      expect(measure(large)).toBe(letters(large) + 1);
    }
  });

  it('stops measuring once `maxLines` are filled, the last one ending in "..."', () => {
    const { widthOf, calls } = counted();
    const lines = wrapText('W'.repeat(10_000), widthOf, 100, 4);
    expect(lines).toEqual([...Array.from({ length: 3 }, () => 'W'.repeat(20)), `${'W'.repeat(20)}...`]);
    expect(calls()).toBeLessThanOrEqual(10_000 + 1);
  });

  it('fills lines word by word, keeps paragraphs and empty lines, and never leaves a line empty for a long word', () => {
    const widthOf: CharWidth = () => 5;
    expect(wrapText('one two three four', widthOf, 50)).toEqual(['one two', 'three four']);
    expect(wrapText('first\n\nthird  line', widthOf, 100)).toEqual(['first', '', 'third line']);
    expect(wrapText(`ab ${'c'.repeat(25)}`, widthOf, 50)).toEqual([
      'ab',
      'c'.repeat(10),
      'c'.repeat(10),
      'c'.repeat(5),
    ]);
    expect(wrapText('', widthOf, 50)).toEqual(['']);
    // A line narrower than one character still takes one character a line.
    expect(wrapText('abc', widthOf, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('charWidths and printable with a standard font', () => {
  it('asks the font once per distinct character, and sums to the drawn width', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const spy = vi.spyOn(font, 'widthOfTextAtSize');
    const widthOf = charWidths(font, 10);
    const text = 'Wax '.repeat(2000);
    const lines = wrapText(text, widthOf, 200);
    expect(spy).toHaveBeenCalledTimes(3 + 1);
    expect(lines.every((line) => textWidth(line, widthOf) <= 200)).toBe(true);
    expect(textWidth('Wax', widthOf)).toBeCloseTo(
      font.widthOfTextAtSize('W', 10) + font.widthOfTextAtSize('a', 10) + font.widthOfTextAtSize('x', 10),
    );
  });

  it('writes what the font cannot as "?", line ends as \\n and tabs as a space', async () => {
    const doc = await PDFDocument.create();
    const clean = printable(await doc.embedFont(StandardFonts.Helvetica));
    expect(clean('café\r\nසිං\tok 😀')).toBe('café\n??? ok ?');
  });
});
