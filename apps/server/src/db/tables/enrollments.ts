import { ENROLLMENT_STATUSES } from '@valence/contract';
import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * How many students each course has enrolled (whatever their status), so that a class's lists and
 * gradebook read their total from a few rows instead of counting thousands of enrolments. Written
 * only by triggers on enrollments (migration 0013), in the statement that changes them: a bulk
 * enrolment moves each row once. A course's figure is the sum of its rows, split by student
 * (`shard` = student id mod 8) as the exams' script counts are.
 */
export const courseEnrollmentCounts = pgTable(
  'course_enrollment_counts',
  {
    courseId: requiredRef('course_id', () => courses.id, 'cascade'),
    shard: smallint('shard').notNull(),
    enrolled: integer('enrolled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.shard] })],
);
