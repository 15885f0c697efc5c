import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import si from './si.json';
import ta from './ta.json';

type Pack = { [key: string]: string | Pack };
const PACKS: Record<string, Pack> = { en, si, ta };

/** Every key of a pack, nested ones as `a.b.c`, with its text. */
function entries(pack: Pack, prefix = ''): [string, string][] {
  return Object.entries(pack).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]).sort();

describe("the students' app's language packs", () => {
  const english = new Map(entries(en));

  for (const [language, pack] of Object.entries(PACKS)) {
    it(`${language}: has every key English has and no other, none empty`, () => {
      const keys = new Map(entries(pack));
      const missing = [...english.keys()].filter((key) => !keys.has(key));
      const extra = [...keys.keys()].filter((key) => !english.has(key));
      expect(missing, `keys missing in ${language}.json`).toEqual([]);
      expect(extra, `keys in ${language}.json that English does not have`).toEqual([]);
      expect([...keys].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it(`${language}: keeps each text's {{values}} and <tags>, so nothing shows raw or goes missing`, () => {
      for (const [key, text] of entries(pack)) {
        const source = english.get(key) ?? '';
        // A plural form may say "one" in words instead of {{count}}.
        const wanted = placeholders(source).filter((name) => !(key.endsWith('_one') && name === 'count'));
        expect(
          placeholders(text).filter((name) => !(key.endsWith('_one') && name === 'count')),
          key,
        ).toEqual(wanted);
        expect(tags(text), key).toEqual(tags(source));
      }
    });

    it(`${language}: gives exactly the plural forms the language's rules use`, () => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = entries(pack)
        .map(([key]) => key.match(/^(.*)_(zero|one|two|few|many|other)$/))
        .filter((match) => match !== null);
      const bases = new Set(plurals.map((match) => match[1]));
      for (const base of bases) {
        const forms = plurals.filter((match) => match[1] === base).map((match) => match[2]);
        expect(forms.sort(), base).toEqual([...categories].sort());
      }
    });

    it(`${language}: is at most 15 KB gzip`, () => {
      const bytes = gzipSync(JSON.stringify(pack), { level: 9 }).length;
      expect(bytes).toBeLessThanOrEqual(15 * 1024);
    });
  }

  it('writes Sinhala and Tamil in their own scripts', () => {
    const sinhala = entries(si).filter(([, text]) => /[\u0D80-\u0DFF]/.test(text)).length;
    const tamil = entries(ta).filter(([, text]) => /[\u0B80-\u0BFF]/.test(text)).length;
    // Only names that stay as they are (YouTube, PDF) are left in Latin letters.
    expect(sinhala / entries(si).length).toBeGreaterThan(0.95);
    expect(tamil / entries(ta).length).toBeGreaterThan(0.95);
  });
});
