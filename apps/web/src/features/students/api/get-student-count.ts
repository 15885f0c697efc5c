import { studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How many students there are, without sending one (`limit=0`). */
export async function getStudentCount(): Promise<number> {
  return (await read(client.GET('/students', { params: { query: { limit: '0' } } }), pageOf(studentSchema))).total;
}

export const [studentCountQueryOptions, useStudentCount] = apiQuery(() => keys.students.count, getStudentCount);
