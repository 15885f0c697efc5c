import { type Course, type CourseInput, courseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export type UpdateCourseVariables = { id: number; input: CourseInput };

export function updateCourse({ id, input }: UpdateCourseVariables): Promise<Course> {
  return read(client.PUT('/courses/{id}', { params: { path: { id } }, body: input }), courseSchema);
}

export const useUpdateCourse = changeHook(updateCourse, {
  meta: { success: 'Course updated successfully', error: failureWith('Error updating course') },
  // The title is shown beside enrolments, exams, scripts, watch records and marks.
  invalidates: staleAfter.anyCourse,
});
