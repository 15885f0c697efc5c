import { type Exam, examSchema, type UpdateExam } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** The exam as shown, and only the fields the dialog changed. */
export type UpdateExamVariables = { exam: Pick<Exam, 'id' | 'courseId'>; changes: UpdateExam };

export function updateExam({ exam, changes }: UpdateExamVariables): Promise<Exam> {
  return read(
    client.PATCH('/api/v1/exams/{examId}', { params: { path: { examId: exam.id } }, body: changes }),
    examSchema,
  );
}

/** A failure is shown inside the dialog, beside what was typed, as on creation. */
// The title shows in the gradebook's column and the students' summaries; the due date in the marks question.
export const useUpdateExam = changeHook(updateExam, {
  meta: { success: 'Exam updated successfully' },
  invalidates: ({ exam }) => [
    keys.exams.ofCourse(exam.courseId),
    keys.exams.detail(exam.id),
    keys.exams.mcqSearches,
    keys.gradebook.ofCourse(exam.courseId),
    keys.scores.all,
    keys.submissions.all,
  ],
});
