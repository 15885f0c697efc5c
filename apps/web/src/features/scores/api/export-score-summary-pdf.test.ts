import { describe, expect, it } from 'vitest';
import { SCORE_ROWS, scoreRow } from '../test-fixtures';
import { buildScoreSummaryReport, scoreSummaryFileName } from './export-score-summary-pdf';

describe('exam score summary report', () => {
  it('names the file from the username, other characters made underscores', () => {
    expect(scoreSummaryFileName('kasun.perera@2026')).toBe('exam_scores_kasun_perera_2026.pdf');
  });

  it('holds the student, the time in the platform zone and every row with two decimals', async () => {
    const doc = await buildScoreSummaryReport(
      'kasun.perera',
      'Asia/Colombo',
      SCORE_ROWS,
      new Date('2026-03-02T00:00:00Z'),
    );
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('kasun.perera');
    expect(text).toContain('2026-03-02 05:30 \\(Asia/Colombo\\)');
    expect(text).toContain('INORG_REVISION');
    expect(text).toContain('68.18');
    expect(text).toContain('45.00 \\(MCQ only\\)');
    expect(text).toContain('Page 1 of 1');
  });

  it('numbers the pages of a long report', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => scoreRow(`EXAM_${i + 1}`, 40, 80));
    const doc = await buildScoreSummaryReport('kasun.perera', 'Asia/Colombo', rows);
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    const text = doc.output();
    expect(text).toContain('EXAM_120');
    expect(text).toContain(`Page 2 of ${doc.getNumberOfPages()}`);
  });
});
