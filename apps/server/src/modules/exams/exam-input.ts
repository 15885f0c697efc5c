import {
  createExamSchema,
  EXAM_MESSAGES,
  type ExamType,
  instantOf,
  MARKING_MESSAGES,
  type MarkScheme,
} from '@valence/contract';
import { badRequest } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';

export const PAPER_REFUSED = 'Only PART II exams take a paper file.';

export type NewExam = {
  courseId: number;
  title: string;
  description: string;
  dueDate: Date;
  examType: ExamType;
  examIdentifier: string;
  markScheme: MarkScheme;
};

/**
 * The create-exam form's `examDTO` and paper, checked as the portal checks them: the first thing
 * wrong, in the contract's words. The due date without an offset is read in the platform time zone.
 */
export function parseNewExam(raw: unknown, paper: StoredFile | null, timeZone: string): NewExam {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('examDTO must be a JSON object.');
  const parsed = createExamSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? EXAM_MESSAGES.required);
  const input = parsed.data;
  if (input.examType === 'TRADITIONAL' && !paper) throw badRequest(EXAM_MESSAGES.paper);
  if (input.examType === 'MCQ' && paper) throw badRequest(PAPER_REFUSED);
  if (input.examType === 'MCQ' && input.markScheme?.length) throw badRequest(MARKING_MESSAGES.schemeOnlyPartTwo);
  return {
    courseId: input.courseId,
    title: input.title,
    description: input.description,
    dueDate: instantOf(input.dueDate, timeZone),
    examType: input.examType,
    examIdentifier: input.examIdentifier,
    markScheme: input.markScheme ?? [],
  };
}

const TYPE_WITH_ARTICLE: Record<ExamType, string> = { MCQ: 'an MCQ', TRADITIONAL: 'a PART II' };

export const duplicateExam = (type: ExamType, identifier: string) =>
  `This course already has ${TYPE_WITH_ARTICLE[type]} exam with the identifier ${identifier}.`;

export const identifierElsewhere = (identifier: string, courseTitle: string) =>
  `The Exam Identifier ${identifier} is already used in the course "${courseTitle}".`;
