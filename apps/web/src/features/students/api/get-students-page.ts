import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Page, type Student, studentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQueryString } from '../../../lib/paging';
import { keys } from '../../../lib/query-keys';

/** One page of students whose username contains `q`, and how many there are. */
export function getStudentsPage(request: PageRequest): Promise<Page<Student>> {
  return apiFetch(`/students${pageQueryString(request)}`, {}, pageOf(studentSchema));
}

export const studentsPageQueryOptions = (request: PageRequest) =>
  queryOptions({
    queryKey: keys.students.page(request),
    queryFn: () => getStudentsPage(request),
    placeholderData: keepPreviousData,
  });

export function useStudentsPage(request: PageRequest) {
  return useQuery(studentsPageQueryOptions(request));
}
