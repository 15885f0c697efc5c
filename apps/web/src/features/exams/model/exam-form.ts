import { createExamSchema, EXAM_LIMITS, EXAM_MESSAGES, type ExamType } from '@valence/contract';
import { z } from 'zod';
import { readScheme, type SchemeRow } from '../../../components/mark-scheme-fields';
import type { CreateExamVariables } from '../api/create-exam';

export type ExamFormValues = {
  /** The course select's value: the id as text, or null before one is chosen. */
  courseId: string | null;
  title: string;
  examIdentifier: string;
  description: string;
  examType: ExamType;
  /** As the date-time input gives it: 'YYYY-MM-DDTHH:mm', a wall-clock time in the platform zone. */
  dueDate: string;
  paper: File | null;
  /** PART II's optional mark scheme as typed; no rows is no scheme. */
  markScheme: SchemeRow[];
};

export const emptyExamForm = (courseId: number | null): ExamFormValues => ({
  courseId: courseId === null ? null : String(courseId),
  title: '',
  examIdentifier: '',
  description: '',
  examType: 'TRADITIONAL',
  dueDate: '',
  paper: null,
  markScheme: [],
});

const paperMegabytes = EXAM_LIMITS.paperMaxBytes / (1024 * 1024);
export const PAPER_TOO_BIG = `The exam paper must be at most ${paperMegabytes} MB.`;

/** The one rule the contract's schema cannot hold: it needs the file part. */
function paperProblem({ examType, paper }: Pick<ExamFormValues, 'examType' | 'paper'>): string | null {
  if (examType !== 'TRADITIONAL') return null;
  if (!paper) return EXAM_MESSAGES.paper;
  return paper.size > EXAM_LIMITS.paperMaxBytes ? PAPER_TOO_BIG : null;
}

/*
 * The contract's create schema (the server's own sentences) plus the paper rule, every problem at
 * once. Not `.refine` on the object: zod skips that while a field has failed, and the paper's
 * message would show only after everything else was fixed.
 */
export const examFormSchema = z
  .custom<ExamFormValues>((value) => typeof value === 'object' && value !== null)
  .superRefine((values, ctx) => {
    for (const issue of createExamSchema.safeParse({ ...values, markScheme: undefined }).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const paper = paperProblem(values);
    if (paper) ctx.addIssue({ code: 'custom', path: ['paper'], message: paper });
    const scheme = schemeOf(values);
    if (scheme && 'error' in scheme) ctx.addIssue({ code: 'custom', path: ['markScheme'], message: scheme.error });
  });

/**
 * The server reads a date-time without an offset in the platform time zone, to the second:
 * 'YYYY-MM-DDTHH:mm' gains ':00'. A time typed with an offset (where the browser has no date-time
 * picker) is absolute and goes as typed.
 */
export function toLocalDateTime(value: string): string {
  const text = value.trim().replace(' ', 'T');
  return /T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
}

/** A PART II exam's typed scheme, checked; null when there is none to send. */
function schemeOf({ examType, markScheme }: Pick<ExamFormValues, 'examType' | 'markScheme'>) {
  return examType === 'TRADITIONAL' && markScheme.length > 0 ? readScheme(markScheme) : null;
}

/** What is sent once the form passes: the trimmed `examDTO` and, for PART II only, the paper and mark scheme. */
export function toCreateExam(values: ExamFormValues): CreateExamVariables {
  const { paper, markScheme: _rows, ...fields } = values;
  const exam = createExamSchema.parse(fields);
  const scheme = schemeOf(values);
  return {
    exam: {
      ...exam,
      dueDate: toLocalDateTime(exam.dueDate),
      ...(scheme && 'scheme' in scheme ? { markScheme: scheme.scheme } : {}),
    },
    paper: exam.examType === 'TRADITIONAL' ? paper : null,
  };
}
