import { type Course, type CourseInput, courseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function createCourse(input: CourseInput): Promise<Course> {
  return read(client.POST('/courses', { body: input }), courseSchema);
}

// The list is re-fetched after a create (its pages and the counter), so the new course shows in its place.
export const useCreateCourse = changeHook(createCourse, {
  meta: { success: 'Course created successfully', error: 'Error creating course' },
  invalidates: [keys.courses.lists, keys.courses.count],
});
