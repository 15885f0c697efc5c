import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

const upcomingSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  duration: z.number(),
  liveAt: z.string(),
});
export type UpcomingLecture = z.infer<typeof upcomingSchema>;

/** The course's lectures not live yet, soonest first (no links until they are). */
export const getUpcomingLectures = (courseId: number) =>
  api<UpcomingLecture[]>(`/me/courses/${courseId}/upcoming`, {}, upcomingSchema.array());

export const upcomingLecturesQuery = (courseId: number) =>
  queryOptions({
    queryKey: ['me', 'courses', courseId, 'upcoming'],
    queryFn: () => getUpcomingLectures(courseId),
  });

export const useUpcomingLectures = (courseId: number) => useQuery(upcomingLecturesQuery(courseId));
