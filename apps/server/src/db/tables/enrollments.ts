import { ENROLLMENT_STATUSES } from '@valence/contract';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt } from './columns.js';
import { courses } from './courses.js';

export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('ACTIVE'),
    enrollmentDate: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_course_student_idx').on(t.courseId, t.studentId),
    index('enrollments_student_idx').on(t.studentId),
  ],
);
