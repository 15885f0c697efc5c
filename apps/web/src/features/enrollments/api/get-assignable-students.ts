import { type Page, type Student, studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How many matching students the picker offers at once; the total says how many more there are. */
export const ASSIGNABLE_LIMIT = 20;

/** Students not yet in the course whose username contains `q`: the first few, and how many in all. */
export function getAssignableStudents(courseId: number, q: string): Promise<Page<Student>> {
  const query = pageQuery({ page: 1, pageSize: ASSIGNABLE_LIMIT, q }, { notInCourse: courseId });
  return read(client.GET('/students', { params: { query } }), pageOf(studentSchema));
}

export const [assignableStudentsQueryOptions, useAssignableStudents] = pagedQuery(
  keys.students.assignable,
  getAssignableStudents,
);
