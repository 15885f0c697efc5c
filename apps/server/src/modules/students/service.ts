import type {
  Page,
  Student,
  StudentDevice,
  StudentListQuery,
  StudentSignupRequest,
  StudentUpdateRequest,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOrAll, type StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { AccountRow, AccountsService } from '../accounts/service.js';
import type { EnrollmentsService } from '../enrollments/service.js';
import type { ExamsService } from '../exams/service.js';
import type { SubmissionsService } from '../submissions/service.js';

/** Never carries a password or hash. */
const toStudent = (row: Pick<AccountRow, 'id' | 'username' | 'name' | 'loggedIn'>): Student => ({
  id: row.id,
  username: row.username,
  name: row.name,
  loggedIn: row.loggedIn,
});

export class StudentsService {
  private readonly db: Db;
  private readonly accounts: AccountsService;
  private readonly enrollments: EnrollmentsService;
  private readonly exams: ExamsService;
  private readonly submissions: SubmissionsService;
  /** How long a sign-in's token lasts: a device row older than that is signed out anyway. */
  private readonly tokenTtlHours: number;

  constructor({
    db,
    accounts,
    enrollments,
    exams,
    submissions,
    config,
  }: Pick<FastifyInstance, 'db' | 'accounts' | 'enrollments' | 'exams' | 'submissions' | 'config'>) {
    this.db = db;
    this.tokenTtlHours = config.tokenTtlHours;
    this.accounts = accounts;
    this.enrollments = enrollments;
    this.exams = exams;
    this.submissions = submissions;
  }

  /** Every student, or one page of those whose username or name contains `q` (and not in `notInCourse`). */
  list(query: StudentListQuery): Promise<StreamedList<Student> | Page<Student>> {
    const filter = {
      q: query.q,
      exclude: query.notInCourse === undefined ? undefined : this.enrollments.enrolledIn(query.notInCourse),
    };
    return pageOrAll(query, {
      page: (window) => this.accounts.listStudents({ ...filter, ...window }),
      count: () => this.accounts.countStudents(filter),
    });
  }

  async signup(actor: Principal | null, input: StudentSignupRequest): Promise<Student> {
    const row = await this.accounts.create({ ...input, role: 'ROLE_STUDENT' });
    await audit(this.db, actor, 'student.create', `account:${row.id}`, { username: row.username });
    return toStudent(row);
  }

  async update(actor: Principal, id: number, input: StudentUpdateRequest): Promise<Student> {
    await this.requireStudent(id);
    const row = await this.accounts.update(id, {
      username: input.username,
      password: input.password || undefined,
      name: input.name,
    });
    if (!row) throw notFound('Student not found.');
    await audit(this.db, actor, 'student.update', `account:${id}`, {
      username: row.username,
      ...(input.name === undefined ? {} : { name: row.name }),
      passwordChanged: Boolean(input.password),
    });
    return toStudent(row);
  }

  /**
   * Removes the account with its enrolments and watch records. Exam submissions (marks) go too, so
   * when there are any the caller must confirm (`confirmMarks`); the answer says how many. Their
   * answer scripts and marked papers are removed once the delete has committed.
   */
  async delete(actor: Principal, id: number, confirmMarks: boolean): Promise<void> {
    const student = await this.requireStudent(id);
    const files = await this.db.transaction(async (tx) => {
      if (!(await this.accounts.lockForDelete(tx, id))) throw notFound('Student not found.');
      const submissions = await this.exams.submissionsOfStudent(tx, id);
      if (submissions > 0 && !confirmMarks) {
        throw conflict(
          `Student '${student.username}' has ${submissions} exam submission(s); deleting the student deletes their marks too. Confirm to delete.`,
        );
      }
      const files = await this.submissions.deleteOfStudent(tx, id);
      if (!(await this.accounts.delete(id, tx))) throw notFound('Student not found.');
      await audit(tx, actor, 'student.delete', `account:${id}`, { username: student.username, submissions });
      return files;
    });
    await this.submissions.files.remove(files);
  }

  /** Every token of the student stops working at once (the session version moves on). */
  async forceLogout(actor: Principal, username: string): Promise<void> {
    const account = await this.accounts.findByUsername(username);
    if (account?.role !== 'ROLE_STUDENT') throw notFound('Student not found.');
    await this.accounts.endSessions(account.id);
    await audit(this.db, actor, 'student.logout', `account:${account.id}`, { username: account.username });
  }

  /** The devices a student is signed in on now, the most recently seen first. */
  async devices(id: number): Promise<StudentDevice[]> {
    await this.requireStudent(id);
    const rows = await this.accounts.liveDevices(id, this.tokenTtlHours);
    return rows.map((row) => ({
      id: row.id,
      browser: describeUserAgent(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    }));
  }

  /** Signs the student out on one device: its next request is told so (401, DEVICE_SIGNED_OUT). */
  async endDevice(actor: Principal, id: number, deviceId: string): Promise<void> {
    const student = await this.requireStudent(id);
    const row = await this.accounts.endDevice(id, deviceId, 'staff', this.tokenTtlHours);
    if (!row) throw notFound('This device is not signed in any more.');
    await audit(this.db, actor, 'student.device.end', `account:${id}`, {
      username: student.username,
      device: describeUserAgent(row.userAgent),
    });
  }

  private async requireStudent(id: number) {
    const account = await this.accounts.findById(id);
    if (account?.role !== 'ROLE_STUDENT') throw notFound('Student not found.');
    return account;
  }
}
