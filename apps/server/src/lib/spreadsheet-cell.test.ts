import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from './spreadsheet-cell.js';

describe('guardCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'=x", "''-2"])('quotes %j', (text) => {
    expect(guardCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers and blanks alone', () => {
    for (const value of ['H2SO4', ' =x', "'quoted", '', 'a=b', -5, 33.33, null, undefined]) {
      expect(guardCell(value)).toBe(value);
    }
  });

  it('is undone by unguardCell for any text, so an export reads back as written', () => {
    for (const text of ['=1+1', '-1', "'=x", "''@y", "'plain", 'plain', "'", '\t', '']) {
      expect(unguardCell(String(guardCell(text)))).toBe(text);
    }
  });
});
