import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from './content-disposition.js';

/** The two names a header offers: the ASCII `filename` and the decoded `filename*`. */
function namesOf(header: string) {
  const plain = /filename="([^"]*)"/.exec(header)?.[1];
  const encoded = /filename\*=UTF-8''([^;\s]*)/.exec(header)?.[1];
  return { plain, full: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

describe('downloadName', () => {
  it('keeps the words of a title and replaces only what a file name cannot hold', () => {
    expect(downloadName('Acids & Bases: \\ce{H2SO4} — 2026 A/L-gradebook.csv')).toBe(
      'Acids & Bases- H2SO4 — 2026 A-L-gradebook.csv',
    );
    expect(downloadName('a*b?c"d<e>f|g\\h\u0000i\u202ej.pdf')).toBe('a-b-c-d-e-f-g-h ij.pdf');
    expect(downloadName('../../.env')).toBe('env');
    expect(downloadName('   ')).toBe('download');
  });

  it('keeps any script whole, joiners included', () => {
    expect(downloadName('රසායන විද්‍යාව 2026.csv')).toBe('රසායන විද්‍යාව 2026.csv');
    expect(downloadName('வேதியியல் பாடம்.zip')).toBe('வேதியியல் பாடம்.zip');
  });

  it('cuts a long name to 120 characters and keeps its extension', () => {
    const name = downloadName(`${'අ'.repeat(300)}.xlsx`);
    expect(Array.from(name)).toHaveLength(120);
    expect(name.endsWith('අ.xlsx')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('offers the real name in filename* and the ASCII words in filename', () => {
    const header = contentDisposition('Acids & Bases: \\ce{H2SO4} — 2026 A/L-gradebook.csv');
    expect(header.startsWith('attachment; ')).toBe(true);
    expect(namesOf(header)).toEqual({
      plain: 'Acids & Bases- H2SO4 - 2026 A-L-gradebook.csv',
      full: 'Acids & Bases- H2SO4 — 2026 A-L-gradebook.csv',
    });
  });

  it('falls back to the ASCII that is left, or a plain name, for a title in another script', () => {
    expect(namesOf(contentDisposition('රසායන විද්‍යාව 2026-gradebook.csv'))).toEqual({
      plain: '2026-gradebook.csv',
      full: 'රසායන විද්‍යාව 2026-gradebook.csv',
    });
    expect(namesOf(contentDisposition('வேதியியல்.zip', 'inline'))).toEqual({
      plain: 'download.zip',
      full: 'வேதியியல்.zip',
    });
    expect(namesOf(contentDisposition('Élève café.pdf')).plain).toBe('Eleve cafe.pdf');
  });

  it('writes a header of printable ASCII whose parameters cannot be broken out of', () => {
    const header = contentDisposition('it\'s (50%) "done"; filename=evil.exe\r\nX: y.csv');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(namesOf(header).full).toBe("it's (50%) -done-; filename=evil.exe X- y.csv");
    expect(namesOf(header).plain).toBe("it's (50_) -done-; filename=evil.exe X- y.csv");
  });
});
