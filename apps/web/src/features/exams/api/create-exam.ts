import { type CreateExam, type Exam, examSchema } from '@valence/contract';
import { client, formBody, read } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** The parsed `examDTO` (courseId a number, dueDate a local 'YYYY-MM-DDTHH:mm:ss') and a PART II paper. */
export type CreateExamVariables = { exam: CreateExam & { courseId: number }; paper: File | null };

/** Multipart: the exam as a JSON text part (`examDTO`) and, for PART II, the paper (`examPaperFile`). */
export function createExam({ exam, paper }: CreateExamVariables): Promise<Exam> {
  const body = new FormData();
  body.append('examDTO', JSON.stringify(exam));
  if (paper) body.append('examPaperFile', paper);
  return read(client.POST('/api/v1/exams', { body: formBody(body) }), examSchema);
}

/** A failure is shown inside the dialog, beside what was typed, so it declares no status-line text. */
// A new identifier is a new gradebook column and a new line in the students' summaries.
export const useCreateExam = changeHook(createExam, {
  meta: { success: 'Exam created successfully' },
  invalidates: ({ exam: { courseId } }) => [
    keys.exams.ofCourse(courseId),
    keys.exams.mcqSearches,
    keys.gradebook.ofCourse(courseId),
    keys.scores.all,
  ],
});
