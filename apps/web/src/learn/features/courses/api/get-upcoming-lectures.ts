import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UpcomingLecture, upcomingLectureSchema } from '@valence/contract';
import { api } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** The course's lectures not live yet, soonest first (no links until they are). */
export const getUpcomingLectures = (courseId: number) =>
  api<UpcomingLecture[]>(`/me/courses/${courseId}/upcoming`, {}, upcomingLectureSchema.array());

export const upcomingLecturesQuery = (courseId: number) =>
  queryOptions({
    queryKey: learnKeys.upcomingLectures(courseId),
    queryFn: () => getUpcomingLectures(courseId),
  });

export const useUpcomingLectures = (courseId: number) => useQuery(upcomingLecturesQuery(courseId));
