import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Course, courseSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export const coursesQueryKey = ['courses'] as const;

/** Newest first by createdAt (spec section 4), whatever order the server answered in. */
export function sortNewestFirst(courses: Course[]): Course[] {
  return [...courses].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export async function getCourses(): Promise<Course[]> {
  return sortNewestFirst(await apiFetch('/courses', {}, z.array(courseSchema)));
}

export const coursesQueryOptions = () => queryOptions({ queryKey: coursesQueryKey, queryFn: getCourses });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
