import {
  type BulkEnrollmentResult,
  type bulkEnrollmentSchema,
  type createEnrollmentSchema,
  type Enrollment,
  type EnrollmentListQuery,
  type EnrollmentStatus,
  type Page,
  sortOf,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOrAll, StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { CourseContent } from '../courses/course-content.js';
import * as list from './reads.js';
import * as repo from './repository.js';

const toEnrollment = (row: list.EnrollmentRow): Enrollment => ({
  ...row,
  enrollmentDate: row.enrollmentDate.toISOString(),
});

export class EnrollmentsService implements CourseContent {
  constructor(private readonly deps: Pick<FastifyInstance, 'db' | 'accounts' | 'courses'>) {}

  /** The course's enrolments (all, or one page with the total); 404 for a course that does not exist. */
  async listForCourse(
    courseId: number,
    query: EnrollmentListQuery,
  ): Promise<StreamedList<Enrollment> | Page<Enrollment>> {
    const sort = query.sort ? sortOf(query.sort) : undefined;
    const answer = await pageOrAll(query, {
      page: async (window) =>
        (await list.listForCourse(this.deps.db, courseId, { q: query.q, sort, ...window })).map((row) => ({
          ...toEnrollment(row),
          total: row.total,
        })),
      count: () => list.countForCourse(this.deps.db, courseId, query.q),
    });
    // Enrolments prove the course exists; only an empty answer may be an unknown course (404).
    if ((answer instanceof StreamedList ? answer.firstPage : answer.items).length === 0) {
      await this.deps.courses.get(courseId);
    }
    return answer;
  }

  /**
   * Many students in one request and one statement. Named ids that are not students refuse the whole
   * request, so nothing is half done; students already in the course are skipped and counted.
   */
  async createMany(
    actor: Principal | null,
    input: z.output<typeof bulkEnrollmentSchema>,
  ): Promise<BulkEnrollmentResult> {
    const ids = input.studentIds ? [...new Set(input.studentIds)] : undefined;
    if (ids) {
      const found = new Set(await this.deps.accounts.studentIdsAmong(ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw notFound(
          `${missing.length === 1 ? 'Student' : 'Students'} not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}.`,
        );
      }
    }
    return this.deps.courses.withCourseLocked(input.courseId, async (tx, course) => {
      const status = course.paused ? 'DISABLED' : input.status;
      const created = await repo.insertEnrollments(tx, {
        courseId: course.id,
        status,
        students: this.deps.accounts.studentIdsSql(ids ? { ids } : { q: input.allUnassigned?.q }),
      });
      await audit(tx, actor, 'enrollment.bulk', `course:${course.id}`, {
        created,
        ...(ids ? { named: ids.length } : { allUnassigned: input.allUnassigned?.q ?? true }),
      });
      return { created, alreadyEnrolled: ids ? ids.length - created : 0, status };
    });
  }

  /**
   * New enrolments are ACTIVE, except in a paused course: there they start DISABLED so that pausing
   * keeps meaning "nobody has access" until the course is resumed.
   */
  async create(input: z.output<typeof createEnrollmentSchema>): Promise<Enrollment> {
    const student = await this.deps.accounts.findById(input.studentId);
    if (!student) throw notFound('Student not found.');
    if (student.role !== 'ROLE_STUDENT') throw badRequest('Only student accounts can be enrolled.');
    try {
      // Under the course's share lock: a pause (or delete) in progress finishes first, so `paused` is current.
      return await this.deps.courses.withCourseLocked(input.courseId, async (tx, course) => {
        const status = course.paused ? 'DISABLED' : input.status;
        let id: number;
        try {
          id = (await repo.insertEnrollment(tx, { courseId: course.id, studentId: student.id, status })).id;
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw conflict(`Student '${student.username}' is already enrolled in "${course.title}".`);
          }
          throw error;
        }
        // Read back before the lock goes: a delete waiting for it cannot take the row away first.
        const row = await list.findEnrollment(tx, id);
        if (!row) throw notFound('Enrollment not found.');
        return toEnrollment(row);
      });
    } catch (error) {
      // The student was deleted while this ran.
      if (isForeignKeyViolation(error)) throw notFound('Student not found.');
      throw error;
    }
  }

  /**
   * New students enrolled inside the caller's transaction (an import that creates them), the course
   * share-locked as `create` locks it: ACTIVE, or DISABLED in a paused course.
   */
  async enrolNewStudents(tx: Tx, courseId: number, studentIds: readonly number[]): Promise<void> {
    const course = await this.deps.courses.lockShared(tx, courseId);
    const status = course.paused ? 'DISABLED' : 'ACTIVE';
    for (const studentId of studentIds) await repo.insertEnrollment(tx, { courseId, studentId, status });
  }

  /** A student's enrolments, newest first; 404 when the id is not a student's. */
  async listForStudent(studentId: number): Promise<Enrollment[]> {
    // Only an account with no enrolments needs looking at: a staff id or an unknown one has none.
    const rows = await list.listForStudent(this.deps.db, studentId);
    if (rows.length === 0) {
      const student = await this.deps.accounts.findById(studentId);
      if (student?.role !== 'ROLE_STUDENT') throw notFound('Student not found.');
    }
    return rows.map(toEnrollment);
  }

  /**
   * ACTIVE or DISABLED for one student. In a paused course nobody may be made ACTIVE (pausing means
   * "nobody has access" until the course is resumed), so that is refused with the reason.
   */
  async setStatus(actor: Principal, id: number, status: EnrollmentStatus): Promise<Enrollment> {
    const current = await list.findEnrollment(this.deps.db, id);
    if (!current) throw notFound('Enrollment not found.');
    return this.deps.courses.withCourseLocked(current.courseId, async (tx, course) => {
      if (course.paused && status === 'ACTIVE') {
        throw conflict(`Course "${course.title}" is paused; resume the course to give its students access.`);
      }
      if (!(await repo.setStatus(tx, id, status))) throw notFound('Enrollment not found.');
      await audit(tx, actor, 'enrollment.status', `enrollment:${id}`, { status });
      const row = await list.findEnrollment(tx, id);
      if (!row) throw notFound('Enrollment not found.');
      return toEnrollment(row);
    });
  }

  async delete(actor: Principal, id: number): Promise<void> {
    const deleted = await this.deps.db.transaction(async (tx) => {
      const row = await repo.deleteEnrollment(tx, id);
      if (row) await audit(tx, actor, 'enrollment.delete', `enrollment:${id}`, row);
      return row;
    });
    if (!deleted) throw notFound('Enrollment not found.');
  }

  /** The courses a student may use now: an ACTIVE enrolment (a paused course has none). */
  activeCourseIds(studentId: number): Promise<number[]> {
    return repo.activeCourseIds(this.deps.db, studentId);
  }

  async isActive(studentId: number, courseId: number): Promise<boolean> {
    return (await repo.activeCourseIds(this.deps.db, studentId)).includes(courseId);
  }

  /** For another module's query: a condition on a student id column, "enrolled in this course". */
  enrolledIn(courseId: number) {
    return repo.enrolledIn(courseId);
  }

  async pauseCourseContent(tx: Tx, courseId: number, paused: boolean): Promise<void> {
    await repo.setStatusOfCourse(tx, courseId, paused ? 'DISABLED' : 'ACTIVE');
  }

  async deleteCourseContent(tx: Tx, courseId: number): Promise<string[]> {
    await repo.deleteOfCourse(tx, courseId);
    return [];
  }
}
