import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Resource, resourceSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/**
 * The course's live lectures, the same call and cache key as the course screen's list, so opening a
 * lecture from it needs no new request (the features may not import each other).
 */
export const getCourseLectures = (courseId: number) =>
  api<Resource[]>(`/me/courses/${courseId}/resources`, {}, resourceSchema.array());

export const courseLecturesQuery = (courseId: number) =>
  queryOptions({
    queryKey: ['me', 'courses', courseId, 'lectures'],
    queryFn: () => getCourseLectures(courseId),
    // Signed links last minutes, not hours: a page left open asks again rather than hold dead links.
    staleTime: 60_000,
  });

export const useCourseLectures = (courseId: number) => useQuery(courseLecturesQuery(courseId));
