import { describe, expect, it } from 'vitest';
import { mcqPart, partTwoPart } from '../test-fixtures';
import { formatScore, marksFileName, partCell, partialTotalNote, partStatus, scoreOutOf } from './format';

describe('marks formatting', () => {
  it('shows a mark with at most two decimals, rounded as written, and an absent one as a dash', () => {
    expect(formatScore(40)).toBe('40');
    expect(formatScore(41.5)).toBe('41.5');
    expect(formatScore(42.175)).toBe('42.18');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(null)).toBe('—');
    expect(scoreOutOf(25, 50)).toBe('25 / 50');
    expect(scoreOutOf(null, 50)).toBe('—');
  });

  it('words where a part stands for the student', () => {
    expect(partStatus(mcqPart())).toEqual({ label: 'Marked', tone: 'ok' });
    expect(partStatus(partTwoPart())).toEqual({ label: 'Submitted — marks not published yet', tone: 'warn' });
    expect(partStatus(partTwoPart({ published: true }))).toEqual({ label: 'Submitted — not marked yet', tone: '' });
    expect(partStatus(mcqPart({ status: 'Not Submitted', submittedAt: null, score: null }))).toEqual({
      label: 'Not submitted',
      tone: 'off',
    });
  });

  it('says when a total counts one part only, whether or not the other is known yet', () => {
    expect(partialTotalNote({ mcq: mcqPart(), partTwo: partTwoPart() })).toBe('MCQ only so far');
    expect(partialTotalNote({ mcq: mcqPart({ score: null }), partTwo: partTwoPart({ score: 80 }) })).toBe(
      'PART II only so far',
    );
    // A perfect MCQ with no PART II in sight is still 50 of the 100, not the whole total.
    expect(partialTotalNote({ mcq: mcqPart({ score: 50 }), partTwo: null })).toBe('MCQ only so far');
    expect(partialTotalNote({ mcq: null, partTwo: partTwoPart({ score: 85.5 }) })).toBe('PART II only so far');
    expect(partialTotalNote({ mcq: mcqPart(), partTwo: partTwoPart({ score: 80 }) })).toBeNull();
    expect(partialTotalNote({ mcq: mcqPart({ score: null }), partTwo: null })).toBeNull();
  });

  it('puts a part in one PDF cell and names the file safely', () => {
    expect(partCell(mcqPart({ score: 32.5 }), 50)).toBe('32.5 / 50');
    expect(partCell(partTwoPart(), 100)).toBe('Not published yet');
    expect(partCell(partTwoPart({ published: true }), 100)).toBe('Not marked yet');
    expect(partCell(null, 100)).toBe('—');
    expect(marksFileName('kasun.perera@2026')).toBe('my_marks_kasun_perera_2026.pdf');
  });
});
