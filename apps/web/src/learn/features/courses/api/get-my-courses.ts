import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Course, courseSchema } from '@valence/contract';
import { api } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

export const getMyCourses = () => api<Course[]>('/me/courses', {}, courseSchema.array());

export const myCoursesQuery = () => queryOptions({ queryKey: learnKeys.myCourses, queryFn: getMyCourses });

export const useMyCourses = () => useQuery(myCoursesQuery());
