import { type Page, type Student, studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** One page of students whose username contains `q`, and how many there are. */
export function getStudentsPage(request: PageRequest): Promise<Page<Student>> {
  return read(client.GET('/students', { params: { query: pageQuery(request) } }), pageOf(studentSchema));
}

export const [studentsPageQueryOptions, useStudentsPage] = pagedQuery(keys.students.page, getStudentsPage);
