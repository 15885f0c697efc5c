import { LANGUAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { DATE_VALUES, fill, PDF_TEXTS, pdfDate, pdfDateTime, pdfTexts } from './index.js';

/** Every key path of a texts object, "myMarks.title" style. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('PDF texts', () => {
  const english = keysOf(PDF_TEXTS.en).sort();

  it.each(LANGUAGES)('%s has every key English has, no other, none empty, the same {{values}}', (language) => {
    const texts = PDF_TEXTS[language];
    expect(keysOf(texts).sort()).toEqual(english);
    for (const key of english) {
      const read = (of: unknown) => key.split('.').reduce((at, part) => (at as Record<string, unknown>)[part], of);
      const text = read(texts);
      expect(typeof text === 'string' && text.trim().length > 0, `${language} ${key}`).toBe(true);
      // A day may be written with any of its parts; every other text keeps English's {{values}}.
      if (key === 'date') expect(DATE_VALUES).toEqual(expect.arrayContaining(placeholders(text as string)));
      else
        expect(placeholders(text as string), `${language} ${key}`).toEqual(placeholders(read(PDF_TEXTS.en) as string));
    }
    expect(texts.months.split('|')).toHaveLength(12);
  });

  it('writes a day in each language with its own month names', () => {
    expect(pdfDate('2026-12-06', pdfTexts(null))).toBe('2026-12-06');
    expect(pdfDateTime(new Date('2026-12-06T04:30:00Z'), 'Asia/Colombo', pdfTexts('si'))).toBe(
      '2026 දෙසැ 6, 10:00 (Asia/Colombo)',
    );
    expect(pdfDate('2026-12-06', pdfTexts('si'))).toBe('2026 දෙසැ 6');
    expect(pdfDate('2026-03-06', pdfTexts('ta'))).toBe('6 மார். 2026');
    expect(fill('{{a}} {{b}}', { a: 1 })).toBe('1 {{b}}');
  });
});
