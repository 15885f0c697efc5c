import { describe, expect, it } from 'vitest';
import { expectReportFrame, REPORT_TIME, reportText } from '../../../test/pdf-report';
import { SCORE_ROWS, scoreRow } from '../test-fixtures';
import { buildScoreSummaryReport, scoreSummaryFileName } from './export-score-summary-pdf';

describe('exam score summary report', () => {
  it('names the file from the username, other characters made underscores', () => {
    expect(scoreSummaryFileName('kasun.perera@2026')).toBe('exam_scores_kasun_perera_2026.pdf');
  });

  it('holds the student, the time in the platform zone and every row with two decimals', async () => {
    const text = reportText(await buildScoreSummaryReport('kasun.perera', 'Asia/Colombo', SCORE_ROWS, REPORT_TIME));
    expectReportFrame(text, 'kasun.perera');
    expect(text).toContain('INORG_REVISION');
    expect(text).toContain('68.18');
    expect(text).toContain('45.00 (MCQ only)');
  });

  it('numbers the pages of a long report', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => scoreRow(`EXAM_${i + 1}`, 40, 80));
    const doc = await buildScoreSummaryReport('kasun.perera', 'Asia/Colombo', rows);
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    const text = reportText(doc);
    expect(text).toContain('EXAM_120');
    expect(text).toContain(`Page 2 of ${doc.getNumberOfPages()}`);
  });
});
