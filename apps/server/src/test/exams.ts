import type { Exam, McqQuestion, QuestionInput } from '@valence/contract';
import { expect } from 'vitest';
import { submissionAnswers, submissions } from '../db/schema.js';
import type { AuthHeaders, TestApp } from './harness.js';
import { type FilePart, SAMPLE, sendForm } from './multipart.js';

export const EXAMS = '/api/api/v1/exams';

let identifiers = 0;
/** An identifier no other test has used (identifiers are unique across courses). */
export const uniqueIdentifier = (stem = 'CHEM') => `${stem}_${++identifiers}_${Date.now().toString(36).toUpperCase()}`;

/** A valid examDTO for the course (MCQ unless told); `overrides` may set or remove (undefined) fields. */
export function examDto(courseId: number, overrides: Record<string, unknown> = {}) {
  return {
    courseId,
    title: 'Final examination',
    description: 'Paper I: 50 questions',
    dueDate: '2026-12-01T10:00',
    examType: 'MCQ',
    examIdentifier: uniqueIdentifier(),
    ...overrides,
  };
}

/** POST /api/v1/exams with that examDTO (as JSON text) and, when given, the paper. */
export function postExam(t: TestApp, headers: AuthHeaders, dto: unknown, paper?: FilePart | null) {
  return sendForm(t, 'POST', EXAMS, headers, {
    examDTO: typeof dto === 'string' ? dto : JSON.stringify(dto),
    ...(paper === undefined ? {} : { examPaperFile: paper }),
  });
}

/** Creates an exam through the API, expecting 201: PART II ones get a small PDF paper. */
export async function createExam(
  t: TestApp,
  headers: AuthHeaders,
  courseId: number,
  overrides: Record<string, unknown> = {},
): Promise<Exam> {
  const dto = examDto(courseId, overrides);
  const paper = dto.examType === 'TRADITIONAL' ? { bytes: SAMPLE.pdf, name: 'paper.pdf' } : undefined;
  const answer = await postExam(t, headers, dto, paper);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

/** A question with text and five options, `correct` (0-4) the right one. */
export function question(text: string | null = 'Which gas is evolved?', correct = 0): QuestionInput {
  return {
    questionText: text,
    options: ['H2', 'O2', 'CO2', 'N2', 'Cl2'].map((optionText, i) => ({ optionText, isCorrect: i === correct })),
  };
}

/** POST one question (JSON text and an optional picture). */
export function postQuestion(t: TestApp, headers: AuthHeaders, examId: number, dto: unknown, image?: FilePart | null) {
  return sendForm(t, 'POST', `${EXAMS}/${examId}/mcq-questions`, headers, {
    questionDTO: typeof dto === 'string' ? dto : JSON.stringify(dto),
    ...(image === undefined ? {} : { questionImageFile: image }),
  });
}

/** Adds a question through the API, expecting 201. */
export async function addQuestion(
  t: TestApp,
  headers: AuthHeaders,
  examId: number,
  dto: QuestionInput = question(),
  image?: FilePart,
): Promise<McqQuestion> {
  const answer = await postQuestion(t, headers, examId, dto, image);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

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

export const SUBMISSIONS = '/api/api/v1/submissions';

/** Enrols the student (ACTIVE unless told) through the API, expecting 201. */
export async function enrol(t: TestApp, headers: AuthHeaders, courseId: number, studentId: number, status = 'ACTIVE') {
  const answer = await t.call('POST', '/api/enrollments', headers, { courseId, studentId, status });
  expect(answer.statusCode, answer.body).toBe(201);
}

/** A student's MCQ answers: [questionId, optionId] pairs. */
export function submitMcq(t: TestApp, headers: AuthHeaders, examId: number, answers: [number, number][]) {
  return t.call('POST', `${SUBMISSIONS}/exam/${examId}/mcq`, headers, {
    answers: answers.map(([questionId, optionId]) => ({ questionId, optionId })),
  });
}

/** A student's PART II script (a small PDF unless told). */
export function uploadAnswer(t: TestApp, headers: AuthHeaders, examId: number, file: FilePart = SAMPLE_ANSWER) {
  return sendForm(t, 'POST', `${SUBMISSIONS}/exam/${examId}/upload`, headers, { file });
}
export const SAMPLE_ANSWER: FilePart = { bytes: SAMPLE.pdf, name: 'my answer.pdf' };

/** A tutor's grade form: text fields and an optional marked paper. */
export function grade(
  t: TestApp,
  headers: AuthHeaders,
  submissionId: number,
  fields: { traditionalScore?: string; instructorFeedback?: string; markedPaperFile?: FilePart },
) {
  return sendForm(t, 'POST', `${SUBMISSIONS}/${submissionId}/grade`, headers, fields);
}

/** Publishes the exam (or another action: unpublish, publish-grades...), expecting 200. */
export async function examAction(t: TestApp, headers: AuthHeaders, examId: number, action = 'publish') {
  const answer = await t.call('POST', `${EXAMS}/${examId}/${action}`, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Exam;
}
