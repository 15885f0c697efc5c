import type { Exam, McqQuestion, QuestionInput } from '@valence/contract';
import { type AuthHeaders, expectStatus, type TestApp } from './harness.js';
import { type FilePart, SAMPLE, sendForm } from './multipart.js';

/** Staff setting up exams: courses' students, exams and their MCQ questions, through the API. */
export const EXAMS = '/api/api/v1/exams';

let identifiers = 0;
/** An identifier no other test has used (identifiers are unique across courses). */
export const uniqueIdentifier = (stem = 'CHEM') => `${stem}_${++identifiers}_${Date.now().toString(36).toUpperCase()}`;

/**
 * A valid examDTO for the course (MCQ unless told); `overrides` may set or remove (undefined) fields.
 * Tests give fixed due dates, some already past (a closed exam): `allowPastDueDate` lets them be
 * created; the tests of that refusal remove it.
 */
export function examDto(courseId: number, overrides: Record<string, unknown> = {}) {
  return {
    courseId,
    title: 'Final examination',
    description: 'Paper I: 50 questions',
    dueDate: '2026-12-01T10:00',
    examType: 'MCQ',
    examIdentifier: uniqueIdentifier(),
    allowPastDueDate: true,
    ...overrides,
  };
}

/** A form of one JSON field (sent as it is when already text) and, when given, one file part. */
const jsonForm = (field: string, dto: unknown, fileField: string, file: FilePart | null | undefined) => ({
  [field]: typeof dto === 'string' ? dto : JSON.stringify(dto),
  ...(file === undefined ? {} : { [fileField]: file }),
});

/** POST /api/v1/exams with that examDTO (as JSON text) and, when given, the paper. */
export function postExam(t: TestApp, headers: AuthHeaders, dto: unknown, paper?: FilePart | null) {
  return sendForm(t, 'POST', EXAMS, headers, jsonForm('examDTO', dto, 'examPaperFile', paper));
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
  return expectStatus(await postExam(t, headers, dto, paper), 201);
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
  return sendForm(
    t,
    'POST',
    `${EXAMS}/${examId}/mcq-questions`,
    headers,
    jsonForm('questionDTO', dto, 'questionImageFile', image),
  );
}

/** Adds a question through the API, expecting 201. */
export async function addQuestion(
  t: TestApp,
  headers: AuthHeaders,
  examId: number,
  dto: QuestionInput = question(),
  image?: FilePart,
): Promise<McqQuestion> {
  return expectStatus(await postQuestion(t, headers, examId, dto, image), 201);
}

/** Publishes the exam (or another action: unpublish, publish-grades...), expecting 200. */
export async function examAction(t: TestApp, headers: AuthHeaders, examId: number, action = 'publish'): Promise<Exam> {
  return expectStatus(await t.call('POST', `${EXAMS}/${examId}/${action}`, headers), 200);
}

/** Enrols the student (ACTIVE unless told) through the API, expecting 201. */
export async function enrol(
  t: TestApp,
  headers: AuthHeaders,
  courseId: number,
  studentId: number,
  status = 'ACTIVE',
): Promise<number> {
  const answer = await t.call('POST', '/api/enrollments', headers, { courseId, studentId, status });
  return expectStatus<{ id: number }>(answer, 201).id;
}
