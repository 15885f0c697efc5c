import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Enrollment, enrollmentSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const courseEnrollmentsQueryKey = (courseId: number) => ['enrollments', 'course', courseId] as const;

export function getCourseEnrollments(courseId: number): Promise<Enrollment[]> {
  return apiFetch(`/enrollments/course/${courseId}`, {}, z.array(enrollmentSchema));
}

export const courseEnrollmentsQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: courseEnrollmentsQueryKey(courseId), queryFn: () => getCourseEnrollments(courseId) });

export function useCourseEnrollments(courseId: number) {
  return useQuery(courseEnrollmentsQueryOptions(courseId));
}
