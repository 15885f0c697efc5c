import type { Enrollment } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findById, isUniqueViolation } from '../accounts/repository.js';
import { findCourse } from '../courses/repository.js';
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
    const course = await findCourse(this.db, input.courseId);
    if (!course) throw notFound('Course not found.');
    const student = await findById(this.db, input.studentId);
    if (!student) throw notFound('Student not found.');
    if (student.role !== 'ROLE_STUDENT') throw badRequest('Only student accounts can be enrolled.');
    const status = course.paused ? 'DISABLED' : input.status;
    try {
      const { id } = await repo.insertEnrollment(this.db, { courseId: course.id, studentId: student.id, status });
      const row = await repo.findEnrollment(this.db, id);
      if (!row) throw notFound('Enrollment not found.');
      return toEnrollment(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(`Student '${student.username}' is already enrolled in "${course.title}".`);
      }
      throw error;
    }
  }
}
