import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Course, courseSchema } from '@valence/contract';
import { api } from '../../../lib/api';

export const getMyCourses = () => api<Course[]>('/me/courses', {}, courseSchema.array());

export const myCoursesQuery = () => queryOptions({ queryKey: ['me', 'courses'], queryFn: getMyCourses });

export const useMyCourses = () => useQuery(myCoursesQuery());
