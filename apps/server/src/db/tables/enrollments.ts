import { ENROLLMENT_STATUSES } from '@valence/contract';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id, requiredRef } from './columns.js';
import { courses } from './courses.js';

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    courseId: requiredRef('course_id', () => courses.id, 'cascade'),
    studentId: requiredRef('student_id', () => accounts.id, 'cascade'),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('ACTIVE'),
    enrollmentDate: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_course_student_idx').on(t.courseId, t.studentId),
    index('enrollments_student_idx').on(t.studentId),
  ],
);
