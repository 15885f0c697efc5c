import { and, asc, desc, eq, exists, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { accounts, courses, enrollments, exams, resources, submissions } from '../db/schema.js';

/** A demo student worth opening the students' app as, with what they will find there. */
export type AppStudent = { username: string; courseTitle: string; examTitle: string; dueDate: Date };

/**
 * A seeded student who finds something to do in the students' app at `now`: an ACTIVE enrolment in
 * a running course that has a lecture live now and a published MCQ paper still open (due after
 * `now`), preferring one who has not handed that paper in yet, so it can be sat. Null when no
 * such student exists at `now`.
 *
 * Chosen when the seed has run, not planned with the data: the data never depends on today's date
 * (the same scale gives the same rows), while what is live or still open does.
 */
export async function findAppStudent(db: DbOrTx, now = new Date()): Promise<AppStudent | null> {
  const liveLecture = db
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.courseId, courses.id),
        lte(resources.liveAt, now),
        or(isNull(resources.expiresAt), gt(resources.expiresAt, now)),
      ),
    );
  const handedIn = db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.examId, exams.id), eq(submissions.studentId, accounts.id)));
  const rows = await db
    .select({
      username: accounts.username,
      courseTitle: courses.title,
      examTitle: exams.title,
      dueDate: exams.dueDate,
    })
    .from(accounts)
    .innerJoin(enrollments, and(eq(enrollments.studentId, accounts.id), eq(enrollments.status, 'ACTIVE')))
    .innerJoin(courses, and(eq(courses.id, enrollments.courseId), eq(courses.paused, false)))
    .innerJoin(
      exams,
      and(
        eq(exams.courseId, courses.id),
        eq(exams.examType, 'MCQ'),
        eq(exams.published, true),
        eq(exams.contentDeleted, false),
        gt(exams.dueDate, now),
      ),
    )
    .where(and(eq(accounts.role, 'ROLE_STUDENT'), exists(liveLecture)))
    // Not handed in first; then the paper open longest, so the student has time to try it; then by
    // id, so the same data at the same moment names the same student.
    .orderBy(sql`${not(exists(handedIn))} desc`, desc(exams.dueDate), asc(accounts.id), asc(exams.id))
    .limit(1);
  return rows[0] ?? null;
}
