import { and, eq } from 'drizzle-orm';
import { submissionAnswers, submissions } from '../db/schema.js';
import type { AuthHeaders, TestApp } from './harness.js';
import { type FilePart, SAMPLE, sendForm } from './multipart.js';

/** A student's answers and a tutor's marks: the submissions module's calls, and rows written straight in. */
export const SUBMISSIONS = '/api/api/v1/submissions';

/** A student's submission row for the exam as stored, or undefined when there is none. */
export const storedSubmission = (t: TestApp, examId: number, studentId: number) =>
  t.database.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.examId, examId), eq(submissions.studentId, studentId)))
    .then((rows) => rows[0]);

/**
 * A student's submission written straight into the table (the student side of submissions is not
 * this module's): optional PART II score and MCQ answers as [questionId, optionId] pairs.
 */
export async function insertSubmission(
  t: TestApp,
  examId: number,
  studentId: number,
  options: { traditionalScore?: number | null; answers?: [number, number | null][] } = {},
) {
  const [row] = await t.database.db
    .insert(submissions)
    .values({ examId, studentId, traditionalScore: options.traditionalScore ?? null })
    .returning();
  const id = row?.id as number;
  if (options.answers?.length) {
    await t.database.db
      .insert(submissionAnswers)
      .values(options.answers.map(([questionId, optionId]) => ({ submissionId: id, questionId, optionId })));
  }
  return id;
}

/** A student's MCQ answers: [questionId, optionId] pairs. */
export function submitMcq(t: TestApp, headers: AuthHeaders, examId: number, answers: [number, number][]) {
  return t.call('POST', `${SUBMISSIONS}/exam/${examId}/mcq`, headers, {
    answers: answers.map(([questionId, optionId]) => ({ questionId, optionId })),
  });
}

export const SAMPLE_ANSWER: FilePart = { bytes: SAMPLE.pdf, name: 'my answer.pdf' };

/** A student's PART II script (a small PDF unless told). */
export function uploadAnswer(t: TestApp, headers: AuthHeaders, examId: number, file: FilePart = SAMPLE_ANSWER) {
  return sendForm(t, 'POST', `${SUBMISSIONS}/exam/${examId}/upload`, headers, { file });
}

/** A tutor's grade form: text fields and an optional marked paper. */
export function grade(
  t: TestApp,
  headers: AuthHeaders,
  submissionId: number,
  fields: {
    traditionalScore?: string;
    instructorFeedback?: string;
    questionMarks?: string;
    markedPaperFile?: FilePart;
  },
) {
  return sendForm(t, 'POST', `${SUBMISSIONS}/${submissionId}/grade`, headers, fields);
}
