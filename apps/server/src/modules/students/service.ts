import type { Student, StudentSignupRequest } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { Principal } from '../../plugins/auth.js';
import { type AccountRow, listByRoles } from '../accounts/repository.js';
import { createAccount } from '../accounts/service.js';

/** Never carries a password or hash. */
export const toStudent = (row: AccountRow): Student => ({
  id: row.id,
  username: row.username,
  name: row.name,
  loggedIn: row.loggedIn,
});

export class StudentsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<Student[]> {
    return (await listByRoles(this.db, ['ROLE_STUDENT'])).map(toStudent);
  }

  async signup(actor: Principal | null, input: StudentSignupRequest): Promise<Student> {
    const row = await createAccount(this.db, { ...input, role: 'ROLE_STUDENT' });
    await audit(this.db, actor, 'student.create', `account:${row.id}`, { username: row.username });
    return toStudent(row);
  }
}
