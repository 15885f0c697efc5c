import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, enrollments, examOverrides } from '../../db/schema.js';
import { inReadersOrder } from '../../lib/collation.js';

/** One override with the student's names, for the exam's overrides panel. */
export type OverrideWithStudent = {
  studentId: number;
  username: string;
  name: string | null;
  extraMinutes: number | null;
  opensAt: Date | null;
  dueDate: Date | null;
};

/** The exam's overrides, by the student's name (then username). */
export function overridesOfExam(db: DbOrTx, examId: number): Promise<OverrideWithStudent[]> {
  return db
    .select({
      studentId: examOverrides.studentId,
      username: accounts.username,
      name: accounts.name,
      extraMinutes: examOverrides.extraMinutes,
      opensAt: examOverrides.opensAt,
      dueDate: examOverrides.dueDate,
    })
    .from(examOverrides)
    .innerJoin(accounts, eq(accounts.id, examOverrides.studentId))
    .where(eq(examOverrides.examId, examId))
    .orderBy(asc(inReadersOrder(accounts.nameLower)), asc(accounts.usernameLower));
}

/**
 * The student account (undefined: none, or not a student) and whether it is ACTIVE in the course:
 * an override is for someone who sits the exam.
 */
export function studentInCourse(db: DbOrTx, studentId: number, courseId: number) {
  return db
    .select({
      username: accounts.username,
      name: accounts.name,
      active: sql<boolean>`exists (select 1 from ${enrollments} where ${and(
        eq(enrollments.studentId, accounts.id),
        eq(enrollments.courseId, courseId),
        eq(enrollments.status, 'ACTIVE'),
      )})`,
    })
    .from(accounts)
    .where(and(eq(accounts.id, studentId), eq(accounts.role, 'ROLE_STUDENT')))
    .then((rows) => rows[0]);
}
