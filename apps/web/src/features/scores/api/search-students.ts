import { type Page, type Student, studentSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageOf, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How many matching students the select offers at once; typing narrows a class of thousands. */
export const STUDENT_OPTIONS_LIMIT = 20;

/** The first students whose username contains `q`, for the marks summary's student select. */
export function searchStudents(q: string): Promise<Page<Student>> {
  return read(client.GET('/students', { params: { query: pageQuery(studentRequest(q)) } }), pageOf(studentSchema));
}

const studentRequest = (q: string): PageRequest => ({ page: 1, pageSize: STUDENT_OPTIONS_LIMIT, q });

// The key of that page of the student list: adding or renaming a student makes it stale too.
export const [studentOptionsQueryOptions, useStudentOptions] = pagedQuery(
  (q: string) => keys.students.page(studentRequest(q)),
  searchStudents,
);
