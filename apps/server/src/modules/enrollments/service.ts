import {
  type BulkEnrollmentResult,
  type bulkEnrollmentSchema,
  type Enrollment,
  type EnrollmentListQuery,
  type Page,
  sortOf,
} from '@valence/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOrAll } from '../../lib/paging.js';
import type { Principal } from '../../plugins/auth.js';
import { findById } from '../accounts/repository.js';
import { findCourse, lockCourse } from '../courses/repository.js';
import * as repo from './repository.js';

type BulkEnrollmentInput = z.output<typeof bulkEnrollmentSchema>;

const toEnrollment = (row: repo.EnrollmentRow): Enrollment => ({
  ...row,
  enrollmentDate: row.enrollmentDate.toISOString(),
});

export class EnrollmentsService {
  constructor(private readonly db: Db) {}

  /** The course's enrolments (all, or one page with the total); 404 for a course that does not exist. */
  async listForCourse(courseId: number, query: EnrollmentListQuery): Promise<Enrollment[] | Page<Enrollment>> {
    if (!(await findCourse(this.db, courseId))) throw notFound('Course not found.');
    const sort = query.sort ? sortOf(query.sort) : undefined;
    return pageOrAll(query, {
      page: async (window) =>
        (await repo.listForCourse(this.db, courseId, { q: query.q, sort, ...window })).map((row) => ({
          ...toEnrollment(row),
          total: row.total,
        })),
      count: () => repo.countForCourse(this.db, courseId, query.q),
    });
  }

  /**
   * Many students in one request and one statement. Named ids that are not students refuse the whole
   * request, so nothing is half done; students already in the course are skipped and counted.
   */
  async createMany(actor: Principal | null, input: BulkEnrollmentInput): Promise<BulkEnrollmentResult> {
    const ids = input.studentIds ? [...new Set(input.studentIds)] : undefined;
    if (ids) {
      const found = new Set(await repo.existingStudentIds(this.db, ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw notFound(
          `${missing.length === 1 ? 'Student' : 'Students'} not found: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}.`,
        );
      }
    }
    return this.db.transaction(async (tx) => {
      const course = await lockCourse(tx, input.courseId, 'share');
      if (!course) throw notFound('Course not found.');
      const status = course.paused ? 'DISABLED' : input.status;
      const created = await repo.insertEnrollments(tx, {
        courseId: course.id,
        status,
        students: ids ? { ids } : { q: input.allUnassigned?.q },
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
  async create(input: { studentId: number; courseId: number; status: 'ACTIVE' | 'DISABLED' }): Promise<Enrollment> {
    const student = await findById(this.db, input.studentId);
    if (!student) throw notFound('Student not found.');
    if (student.role !== 'ROLE_STUDENT') throw badRequest('Only student accounts can be enrolled.');
    try {
      return await this.db.transaction(async (tx) => {
        // Read under a share lock: a pause (or delete) in progress finishes first, so `paused` is current.
        const course = await lockCourse(tx, input.courseId, 'share');
        if (!course) throw notFound('Course not found.');
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
        const row = await repo.findEnrollment(tx, id);
        if (!row) throw notFound('Enrollment not found.');
        return toEnrollment(row);
      });
    } catch (error) {
      // The student was deleted while this ran.
      if (isForeignKeyViolation(error)) throw notFound('Student not found.');
      throw error;
    }
  }
}
