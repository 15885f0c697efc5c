import { queryOptions, useQuery } from '@tanstack/react-query';
import { upcomingLectureSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** The course's lectures not live yet, soonest first (no links until they are). */
export const getUpcomingLectures = (courseId: number) =>
  read(client.GET('/me/courses/{id}/upcoming', { params: { path: { id: courseId } } }), upcomingLectureSchema.array());

export const upcomingLecturesQuery = (courseId: number) =>
  queryOptions({
    queryKey: learnKeys.upcomingLectures(courseId),
    queryFn: () => getUpcomingLectures(courseId),
  });

export const useUpcomingLectures = (courseId: number) => useQuery(upcomingLecturesQuery(courseId));
