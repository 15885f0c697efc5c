import { describe, expect, it } from 'vitest';
import { MARKING_MESSAGES, markSchemeSchema, questionMarksSchema } from './marking-studio.js';
import { gradeFieldsSchema, SUBMISSION_MESSAGES } from './submissions.js';

/** Every hundredth from 0 to 100: 10,001 values, held as whole hundredths so the list itself is exact. */
const HUNDREDTHS = Array.from({ length: 10_001 }, (_, n) => n);
/** As a tutor types it short ("8.2", "0.07", "100") and padded to two decimals ("8.20", "100.00"). */
const short = (n: number) => String(n / 100);
const padded = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

const score = (text: string) => gradeFieldsSchema.safeParse({ traditionalScore: text });
const scoreOf = (text: string) => score(text).data?.traditionalScore;
const messageOf = (text: string) => score(text).error?.issues[0]?.message;

describe('a PART II score of at most two decimals', () => {
  it('takes every one of the 10,001 values 0.00–100.00 as typed, short or padded, as that exact number', () => {
    expect(short(820)).toBe('8.2');
    expect(padded(820)).toBe('8.20');
    const refused = HUNDREDTHS.flatMap((n) =>
      [short(n), padded(n)].filter((text) => {
        const value = scoreOf(text);
        // The number JSON carries back is the one typed: 8.2, never 8.200000000000001.
        return value !== n / 100 || String(value) !== short(n);
      }),
    );
    expect(refused).toEqual([]);
  });

  it('takes the reported values', () => {
    for (const text of ['8.2', '1.1', '64.1', '4.35', '0.07', '99.99', '100', '0']) {
      expect(scoreOf(text)).toBe(Number(text));
    }
  });

  it('reads the decimals off the text typed: trailing zeros are no decimals, a third digit is', () => {
    expect(scoreOf('8.200')).toBe(8.2);
    expect(scoreOf('100.000')).toBe(100);
    expect(scoreOf('008.20')).toBe(8.2);
    for (const text of ['8.201', '0.001', '100.001', '99.999', '8.2000000000000001', '4.355']) {
      expect(messageOf(text), text).toBe(SUBMISSION_MESSAGES.scoreRange);
    }
    expect(messageOf('100.01')).toBe(SUBMISSION_MESSAGES.scoreRange);
  });

  it('keeps the rules for the other shapes: a leading point, a plus and spaces are fine; signs, exponents, a bare point are not', () => {
    expect(scoreOf('.5')).toBe(0.5);
    expect(scoreOf('+8.2')).toBe(8.2);
    expect(scoreOf(' 8.2 ')).toBe(8.2);
    for (const text of ['8.', '.', '-0', '-1', '1e1', '8,2', '0x10', 'Infinity', '8.2.1', '٨']) {
      expect(messageOf(text), text).toBe(SUBMISSION_MESSAGES.scoreNumber);
    }
  });
});

describe('marks as JSON numbers (mark scheme maximums, question marks)', () => {
  const scheme = (json: string) => markSchemeSchema.safeParse(JSON.parse(json));

  it('takes every maximum 0.01–100.00 sent as a JSON number, its complement making up 100', () => {
    const refused = HUNDREDTHS.slice(1).filter((n) => {
      const json =
        n === 10_000
          ? `[{"label":"Q1","maxMarks":${short(n)}}]`
          : `[{"label":"Q1","maxMarks":${short(n)}},{"label":"Q2","maxMarks":${short(10_000 - n)}}]`;
      const parsed = scheme(json);
      return !parsed.success || parsed.data[0]?.maxMarks !== n / 100;
    });
    expect(refused).toEqual([]);
  });

  it('refuses a maximum with a third decimal, and a scheme off 100 by a hundredth', () => {
    const issue = (json: string) => scheme(json).error?.issues[0]?.message;
    expect(issue('[{"label":"Q1","maxMarks":8.201},{"label":"Q2","maxMarks":91.799}]')).toBe(
      'Marks have at most two decimals.',
    );
    expect(issue('[{"label":"Q1","maxMarks":8.2},{"label":"Q2","maxMarks":91.79}]')).toBe(MARKING_MESSAGES.schemeTotal);
    expect(
      scheme('[{"label":"Q1","maxMarks":33.33},{"label":"Q2","maxMarks":33.33},{"label":"Q3","maxMarks":33.34}]')
        .success,
    ).toBe(true);
  });

  it('takes question marks of every hundredth 0.00–100.00 as JSON numbers, and refuses a third decimal', () => {
    const refused = HUNDREDTHS.filter(
      (n) => questionMarksSchema.safeParse(JSON.parse(`[${short(n)}]`)).data?.[0] !== n / 100,
    );
    expect(refused).toEqual([]);
    for (const marks of [[8.201], [0.001], [40, 8.2000001]]) {
      expect(questionMarksSchema.safeParse(marks).success, String(marks)).toBe(false);
    }
  });
});
