import type { Enrollment } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findById } from '../accounts/repository.js';
import { findCourse, lockCourse } from '../courses/repository.js';
import * as repo from './repository.js';

const toEnrollment = (row: repo.EnrollmentRow): Enrollment => ({
  ...row,
  enrollmentDate: row.enrollmentDate.toISOString(),
});

export class EnrollmentsService {
  constructor(private readonly db: Db) {}

  async listForCourse(courseId: number): Promise<Enrollment[]> {
    if (!(await findCourse(this.db, courseId))) throw notFound('Course not found.');
    return (await repo.listForCourse(this.db, courseId)).map(toEnrollment);
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
