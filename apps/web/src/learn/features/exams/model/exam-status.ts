import type { StudentExamSummary } from '@valence/contract';

/** Each exam type's name, a key of the language packs. */
export const TYPE_LABELS = { MCQ: 'exams.type.MCQ', TRADITIONAL: 'exams.type.TRADITIONAL' } as const satisfies Record<
  StudentExamSummary['examType'],
  string
>;

export type ExamStatus = 'submitted' | 'in-progress' | 'closed' | 'open' | 'upcoming';

/** Each standing's name, a key of the language packs. */
export const STATUS_LABELS: Record<ExamStatus, `exams.status.${ExamStatus}`> = {
  submitted: 'exams.status.submitted',
  'in-progress': 'exams.status.in-progress',
  closed: 'exams.status.closed',
  open: 'exams.status.open',
  upcoming: 'exams.status.upcoming',
};

/** The badge's colour class in styles.css. */
export const STATUS_TONES: Record<ExamStatus, string> = {
  submitted: 'ok',
  'in-progress': 'warn',
  closed: 'off',
  open: '',
  upcoming: 'off',
};

type Standing = Pick<StudentExamSummary, 'dueDate' | 'submitted' | 'hasDraft'> &
  Partial<Pick<StudentExamSummary, 'opensAt' | 'sitting'>>;

/** Whether the student's opening time is still ahead (the server's time `now`). */
export const isNotOpenYet = (exam: Partial<Pick<StudentExamSummary, 'opensAt'>>, now: number) =>
  !!exam.opensAt && new Date(exam.opensAt).getTime() > now;

export const isPastDue = (exam: Pick<StudentExamSummary, 'dueDate'>, now: number) =>
  new Date(exam.dueDate).getTime() <= now;

/** Where the student stands in an exam: handed in, begun, missed, not open yet, or still to do. */
export function examStatus(exam: Standing, now: number): ExamStatus {
  if (exam.submitted) return 'submitted';
  if (isPastDue(exam, now)) return 'closed';
  if (isNotOpenYet(exam, now)) return 'upcoming';
  if (exam.hasDraft || exam.sitting) return 'in-progress';
  return 'open';
}

/**
 * The list's two parts: exams still to do, soonest due first, then those handed in or closed,
 * the most recent first (a term's old exams do not push today's down the screen).
 */
export function splitExams<T extends Standing>(exams: T[], now: number): { ahead: T[]; done: T[] } {
  const due = (exam: T) => new Date(exam.dueDate).getTime();
  const ahead = exams.filter((exam) => !exam.submitted && !isPastDue(exam, now)).sort((a, b) => due(a) - due(b));
  const done = exams.filter((exam) => exam.submitted || isPastDue(exam, now)).sort((a, b) => due(b) - due(a));
  return { ahead, done };
}
