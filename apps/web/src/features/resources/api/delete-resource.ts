import type { CourseDetail } from '@valence/contract';
import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys, staleAfter } from '../../../lib/query-keys';

export type DeleteResourceVariables = { id: number; courseId: number };

export function deleteResource({ id }: DeleteResourceVariables): Promise<void> {
  return done(client.DELETE('/resources/{id}', { params: { path: { id } } }));
}

export const useDeleteResource = changeHook(deleteResource, (queryClient) => ({
  // On success the resource is removed from the list without waiting for a re-fetch.
  onSuccess: (_result, { id, courseId }) => {
    queryClient.setQueryData<CourseDetail>(keys.courses.detail(courseId), (course) =>
      course ? { ...course, resources: course.resources.filter((resource) => resource.id !== id) } : course,
    );
  },
  onError: (error) => console.error('Error deleting resource', error),
  // The watch coverage, the course's and each student's, lists the lecture too.
  invalidates: ({ courseId }) => staleAfter.lecturesOf(courseId),
}));
