import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Resource, resourceSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/** The course's lectures live now, with signed links (which expire: refetched when stale). */
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
