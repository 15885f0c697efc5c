import type { MarksSummary, MyMarksRow } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../lib/pdf-type/report-document.js';
import { checkPdf, REFERENCE_TOLERANCE, SCRIPTS_SAMPLE } from '../../test/pdf-render.js';
import { marksSummaryReport, myMarksReport, scoreSummaryReport } from './report-pdfs.js';

const { sinhalaName, tamilComment, title, titleText } = SCRIPTS_SAMPLE;
const now = new Date('2026-03-02T00:00:00Z');
const timeZone = 'Asia/Colombo';
const institute = { name: 'Valence Institute', address: '', contact: '', logo: null };
/** The title, the student's line and the first rows, at 100 dpi. */
const region = (name: string) => ({ name, dpi: 100, x: 50, y: 120, width: 560, height: 260 });

describe('the marks reports as PDFs', () => {
  it('score summary: a Sinhala name, a Tamil course, notation in the course title', async () => {
    const report = scoreSummaryReport({
      username: 'kasun',
      name: sinhalaName,
      rows: [
        { examIdentifier: 'P1', courseTitle: title, mcqScore: 40, traditionalScore: 70, combinedTotalScore: 75 },
        {
          examIdentifier: 'P2',
          courseTitle: tamilComment,
          mcqScore: 35.5,
          traditionalScore: null,
          combinedTotalScore: 35.5,
        },
      ],
      timeZone,
      now,
      institute,
    });
    const { differing } = await checkPdf(
      await renderReport(report),
      [`${sinhalaName} (kasun)`, tamilComment, titleText, '35.50 (MCQ only)'],
      region('score-summary'),
    );
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
  });

  it('marks summary: a Sinhala name, a Tamil comment as feedback, notation in the exam title', async () => {
    const summary = {
      studentId: 7,
      studentName: sinhalaName,
      examIdentifier: 'P1',
      courseTitle: title,
      mcqExamId: 1,
      mcqExamTitle: title,
      mcqScore: 40,
      mcqSubmissionStatus: 'Graded',
      mcqInstructorFeedback: null,
      mcqSubmittedAt: '2026-03-01T04:00:00Z',
      traditionalExamId: 2,
      traditionalExamTitle: 'Paper II',
      traditionalScore: 70,
      traditionalGrade: 'B',
      traditionalSubmissionStatus: 'Graded',
      traditionalInstructorFeedback: tamilComment,
      traditionalSubmittedAt: '2026-03-01T06:00:00Z',
      traditionalSubmittedAnswerDownloadUrl: null,
      traditionalMarkedPaperDownloadUrl: null,
      overallExamStatus: 'Graded',
      totalScore: 75,
    } as MarksSummary;
    const pdf = await renderReport(marksSummaryReport({ summary, timeZone, now, institute }));
    const { differing } = await checkPdf(
      pdf,
      [sinhalaName, tamilComment, titleText, '75.00 / 100'],
      region('marks-summary'),
    );
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
  });

  it('My marks: the student’s Sinhala name, notation and Tamil in course titles', async () => {
    const part = {
      examId: 1,
      examTitle: title,
      status: 'Marked',
      published: true,
      submittedAt: null,
      score: 40,
      feedback: tamilComment,
    };
    const rows = [
      { examIdentifier: 'P1', courseTitle: title, mcq: part, partTwo: null, combinedTotalScore: 40 },
      { examIdentifier: 'P2', courseTitle: tamilComment, mcq: null, partTwo: null, combinedTotalScore: null },
    ] as MyMarksRow[];
    const pdf = await renderReport(
      myMarksReport({ username: 'kasun', name: sinhalaName, rows, timeZone, now, institute }),
    );
    const { differing } = await checkPdf(
      pdf,
      [sinhalaName, tamilComment, titleText, '40 (MCQ only)'],
      region('my-marks'),
    );
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
  });
});
