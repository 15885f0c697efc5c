import type { Page, Student, StudentListQuery, StudentSignupRequest } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { pageOrAll } from '../../lib/paging.js';
import type { Principal } from '../../plugins/auth.js';
import { type AccountRow, countStudents, listStudents } from '../accounts/repository.js';
import { createAccount } from '../accounts/service.js';

/** Never carries a password or hash. */
export const toStudent = (row: Pick<AccountRow, 'id' | 'username' | 'name' | 'loggedIn'>): Student => ({
  id: row.id,
  username: row.username,
  name: row.name,
  loggedIn: row.loggedIn,
});

export class StudentsService {
  constructor(private readonly db: Db) {}

  /** Every student, or one page of those whose username contains `q` (and not in `notInCourse`). */
  list(query: StudentListQuery): Promise<Student[] | Page<Student>> {
    const filter = { q: query.q, notInCourse: query.notInCourse };
    return pageOrAll(query, {
      page: (window) => listStudents(this.db, { ...filter, ...window }),
      count: () => countStudents(this.db, filter),
    });
  }

  async signup(actor: Principal | null, input: StudentSignupRequest): Promise<Student> {
    const row = await createAccount(this.db, { ...input, role: 'ROLE_STUDENT' });
    await audit(this.db, actor, 'student.create', `account:${row.id}`, { username: row.username });
    return toStudent(row);
  }
}
