import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

export const getMyCourses = () => read(client.GET('/me/courses'), courseSchema.array());

export const myCoursesQuery = () => queryOptions({ queryKey: learnKeys.myCourses, queryFn: getMyCourses });

export const useMyCourses = () => useQuery(myCoursesQuery());
