import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { keys } from '../../../lib/query-keys';

/** How many students there are, without sending one (`limit=0`). */
export async function getStudentCount(): Promise<number> {
  return (await apiFetch('/students?limit=0', {}, pageOf(studentSchema))).total;
}

export const studentCountQueryOptions = () => queryOptions({ queryKey: keys.students.count, queryFn: getStudentCount });

export function useStudentCount() {
  return useQuery(studentCountQueryOptions());
}
