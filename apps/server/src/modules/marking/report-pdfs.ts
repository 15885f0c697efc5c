import {
  formatInTimeZone,
  type Language,
  type MarksSummary,
  type MyMarksPart,
  type MyMarksRow,
  OVERALL_STATUS_LABELS,
  type ScoreSummaryRow,
  SUBMISSION_STATUS_LABELS,
  statusLabel,
} from '@valence/contract';
import type { ReportBlock, ReportDocument } from '../../lib/pdf-type/report-document.js';
import type { InstituteHeader } from '../../lib/pdf-type/report-writer.js';
import { type PdfTexts, pdfDateTime, pdfTexts } from '../../lib/pdf-type/texts/index.js';

/**
 * The marks reports as documents for the PDF thread (`lib/pdf-type/report-document.ts`): a
 * student's score summary and one identifier's marks summary (for tutors to hand a parent), and a
 * student's own "My marks". Pure, so a test reads them without a server. Formerly drawn by jsPDF in
 * the browser; the words are the same.
 */

/** What an absent mark shows: a part not marked yet is absent, never zero. */
const NO_SCORE = '—';

/** Two decimals, rounded as written in decimal (42.175 is 42.18). */
function twoDecimals(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return NO_SCORE;
  const shifted = Number(`${score}e2`);
  return (Math.round(Number.isNaN(shifted) ? score * 100 : shifted) / 100).toFixed(2);
}

/** At most two decimals, no trailing zeros (the students' app's way). */
function shortScore(score: number | null | undefined): string {
  const text = twoDecimals(score);
  return text === NO_SCORE ? text : String(Number(text));
}

const outOf = (text: string, most: number) => (text === NO_SCORE ? text : `${text} / ${most}`);

function partialNote(mcq: boolean, partTwo: boolean): string | null {
  if (mcq && !partTwo) return 'MCQ only';
  if (!mcq && partTwo) return 'PART II only';
  return null;
}

/** "2026-03-02 05:30 (Asia/Colombo)": when it was made, in the platform time zone. */
export const generatedAt = (now: Date, timeZone: string) =>
  `${formatInTimeZone(now.toISOString(), timeZone)} (${timeZone})`;

export const studentLabel = (username: string, name: string | null | undefined) =>
  name?.trim() ? `${name.trim()} (${username})` : username;

const RULES_NOTE =
  'The MCQ paper is marked out of 50 and PART II out of 100; the total is the MCQ mark plus half of the PART II mark, out of 100.';

export function scoreSummaryReport(input: {
  username: string;
  name: string | null;
  rows: ScoreSummaryRow[];
  timeZone: string;
  now: Date;
  institute: InstituteHeader | null;
}): ReportDocument {
  return {
    title: 'Exam Score Summary',
    institute: input.institute,
    details: [
      ['Student', studentLabel(input.username, input.name)],
      ['Exams', String(input.rows.length)],
      ['Generated', generatedAt(input.now, input.timeZone)],
    ],
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'Exam Code', width: 2 },
          { header: 'Course', width: 3 },
          { header: 'MCQ (/ 50)', width: 1.4, align: 'right' },
          { header: 'PART II (/ 100)', width: 1.6, align: 'right' },
          { header: 'Total (/ 100)', width: 2.2, align: 'right', bold: true },
        ],
        rows: input.rows.map((row) => {
          const note = partialNote(typeof row.mcqScore === 'number', typeof row.traditionalScore === 'number');
          const total = twoDecimals(row.combinedTotalScore);
          return [
            row.examIdentifier,
            row.courseTitle ?? '-',
            twoDecimals(row.mcqScore),
            twoDecimals(row.traditionalScore),
            note ? `${total} (${note})` : total,
          ];
        }),
        empty: 'No exam scores yet.',
      },
      {
        kind: 'note',
        text: `${RULES_NOTE} A dash means that part is not marked yet; a total marked MCQ only or PART II only counts the one part marked so far.`,
      },
    ],
  };
}

export function marksSummaryReport(input: {
  summary: MarksSummary;
  timeZone: string;
  now: Date;
  institute: InstituteHeader | null;
}): ReportDocument {
  const { summary, timeZone } = input;
  const time = (iso: string | null) => (iso ? formatInTimeZone(iso, timeZone) : NO_SCORE);
  const paper = (prefix: 'mcq' | 'traditional', title: string, most: number): ReportBlock => {
    if (summary[`${prefix}ExamId`] === null) {
      return { kind: 'fields', rows: [['Paper', `No ${title} paper under this identifier`]] };
    }
    const rows: [string, string][] = [
      ['Exam', summary[`${prefix}ExamTitle`] ?? 'N/A'],
      ['Score', outOf(twoDecimals(summary[`${prefix}Score`]), most)],
      ...(prefix === 'traditional' ? [['Overall Mark', summary.traditionalGrade || NO_SCORE] as [string, string]] : []),
      ['Status', statusLabel(summary[`${prefix}SubmissionStatus`], SUBMISSION_STATUS_LABELS)],
      ['Submitted at', time(summary[`${prefix}SubmittedAt`])],
      ['Feedback', summary[`${prefix}InstructorFeedback`] || NO_SCORE],
    ];
    return { kind: 'fields', rows };
  };
  const total = twoDecimals(summary.totalScore);
  const partial = partialNote(typeof summary.mcqScore === 'number', typeof summary.traditionalScore === 'number');
  return {
    title: 'Student Marks Summary',
    institute: input.institute,
    details: [
      ['Student', `${summary.studentName || 'N/A'} (ID: ${summary.studentId})`],
      [
        'Exam identifier',
        summary.courseTitle ? `${summary.examIdentifier} (${summary.courseTitle})` : summary.examIdentifier,
      ],
      ['Generated', generatedAt(input.now, timeZone)],
    ],
    blocks: [
      { kind: 'heading', text: 'MCQ' },
      paper('mcq', 'MCQ', 50),
      { kind: 'heading', text: 'PART II' },
      paper('traditional', 'PART II', 100),
      { kind: 'heading', text: 'Overall' },
      {
        kind: 'fields',
        rows: [
          ['Overall status', statusLabel(summary.overallExamStatus, OVERALL_STATUS_LABELS)],
          ['Combined total', total === NO_SCORE ? total : `${total} / 100${partial ? ` (${partial})` : ''}`],
        ],
      },
      { kind: 'note', text: `${RULES_NOTE} A dash means not marked yet.` },
    ],
  };
}

/** A part in one short cell: its mark once published, else where it stands. */
function partCell(part: MyMarksPart | null, most: number, words: PdfTexts['myMarks']): string {
  if (!part) return NO_SCORE;
  if (part.status === 'Marked') return outOf(shortScore(part.score), most);
  if (part.status === 'Not Submitted') return words.notSubmitted;
  return part.published ? words.notMarked : words.notPublished;
}

/** A student's own marks, in the student's language (`accounts.language`; English when none). */
export function myMarksReport(input: {
  username: string;
  name: string | null;
  rows: MyMarksRow[];
  timeZone: string;
  now: Date;
  institute: InstituteHeader | null;
  language?: Language | null;
}): ReportDocument {
  const texts = pdfTexts(input.language);
  const words = texts.myMarks;
  const partial = (mcq: boolean, partTwo: boolean) => {
    const note = partialNote(mcq, partTwo);
    return note === null ? null : note === 'MCQ only' ? words.mcqOnly : words.partTwoOnly;
  };
  return {
    title: words.title,
    institute: input.institute,
    pageOf: texts.page,
    details: [
      [words.student, studentLabel(input.username, input.name)],
      [words.exams, String(input.rows.length)],
      [words.generated, pdfDateTime(input.now, input.timeZone, texts)],
    ],
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: words.exam, width: 3.4 },
          { header: words.mcq, width: 1.5 },
          { header: words.partTwo, width: 1.7 },
          { header: words.grade, width: 1 },
          { header: words.total, width: 1.8, bold: true },
        ],
        rows: input.rows.map((row) => {
          const note = partial(typeof row.mcq?.score === 'number', typeof row.partTwo?.score === 'number');
          const total = shortScore(row.combinedTotalScore);
          return [
            row.courseTitle ? `${row.examIdentifier} (${row.courseTitle})` : row.examIdentifier,
            partCell(row.mcq, 50, words),
            partCell(row.partTwo, 100, words),
            row.partTwo?.grade ?? NO_SCORE,
            note && total !== NO_SCORE ? `${total} (${note})` : total,
          ];
        }),
        empty: words.none,
      },
      { kind: 'note', text: words.rules },
    ],
  };
}
