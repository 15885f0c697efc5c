import { describe, expect, it } from 'vitest';
import { REPORT_TIME, REPORT_TIME_SHOWN, reportText } from '../../../../test/pdf-report';
import { marksRow, partTwoPart } from '../test-fixtures';
import { buildMarksPdf } from './marks-pdf';

describe('my marks PDF', () => {
  it('holds the student, when it was made, and each exam as far as published', async () => {
    const rows = [
      marksRow('TERM_2', {
        partTwo: partTwoPart({ status: 'Marked', published: true, score: 82, grade: 'A' }),
        combinedTotalScore: 81,
      }),
      marksRow('TERM_1'),
    ];
    const text = reportText(
      await buildMarksPdf({ username: 'kasun', timeZone: 'Asia/Colombo', rows, now: REPORT_TIME }),
    );
    expect(text).toContain('kasun');
    expect(text).toContain(REPORT_TIME_SHOWN);
    expect(text).toContain('TERM_2');
    expect(text).toContain('82 / 100');
    expect(text).toContain('40 / 50');
    expect(text).toContain('Not published yet');
    expect(text).toContain('40 (MCQ only so far)');
  });
});
