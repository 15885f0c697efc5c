import { describe, expect, it } from 'vitest';
import { expectReportFrame, REPORT_TIME, reportText } from '../../../test/pdf-report';
import { marksSummary } from '../test-fixtures';
import { buildMarksSummaryReport, exportMarksSummaryPdf, marksSummaryFileName } from './export-marks-summary-pdf';

describe('marks summary report', () => {
  it('names the file from the student and the identifier, other characters made underscores', () => {
    expect(marksSummaryFileName(marksSummary({ examIdentifier: 'CHEM-101 final' }))).toBe(
      'marks_summary_Kasun_Perera_CHEM_101_final.pdf',
    );
  });

  it("holds the student, both parts in the portal's words, the total and times in the platform zone", async () => {
    const summary = marksSummary({ totalScore: 84.175 });
    const text = reportText(await buildMarksSummaryReport(summary, 'Asia/Colombo', REPORT_TIME));
    expectReportFrame(text, 'Kasun Perera (ID: 12)');
    expect(text).toContain('CHEM101_FINAL');
    expect(text).toContain('40.00 / 50');
    expect(text).toContain('90.00 / 100');
    expect(text).toContain('Marked');
    expect(text).toContain('Fully Marked');
    expect(text).toContain('84.18 / 100');
    // 04:30 UTC is 10:00 in Colombo.
    expect(text).toContain('2026-03-01 10:00');
  });

  it('says which part a half-done total is made of', async () => {
    const summary = marksSummary({ traditionalScore: null, overallExamStatus: 'Partially Graded', totalScore: 40 });
    const text = reportText(await buildMarksSummaryReport(summary, 'Asia/Colombo'));
    expect(text).toContain('Partially Marked');
    expect(text).toContain('40.00 / 100 (MCQ only)');
  });

  it('refuses to export when there is no summary', async () => {
    await expect(exportMarksSummaryPdf({ summary: undefined, timeZone: 'Asia/Colombo' })).rejects.toThrow(
      'No summary data available to export.',
    );
  });
});
