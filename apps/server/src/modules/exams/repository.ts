import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countRows } from '../../db/rows.js';
import { exams, mcqQuestions, submissions } from '../../db/schema.js';

export function countSubmissionsOfCourse(db: DbOrTx, courseId: number) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(exams.courseId, courseId))
    .then((rows) => rows[0]?.count ?? 0);
}

/** Every stored object of the course's exams: papers and question images. */
export async function storedKeysOfCourse(db: DbOrTx, courseId: number): Promise<string[]> {
  const examRows = await db
    .select({ id: exams.id, key: exams.paperKey })
    .from(exams)
    .where(eq(exams.courseId, courseId));
  const examIds = examRows.map((row) => row.id);
  const imageRows = examIds.length
    ? await db
        .select({ key: mcqQuestions.imageKey })
        .from(mcqQuestions)
        .where(sql`${inArray(mcqQuestions.examId, examIds)} and ${isNotNull(mcqQuestions.imageKey)}`)
    : [];
  return [...examRows, ...imageRows].map((row) => row.key).filter((key): key is string => !!key);
}

/** Questions and their options go with their exam (cascade); submissions must be gone already. */
export function deleteExamsOfCourse(db: DbOrTx, courseId: number) {
  return db.delete(exams).where(eq(exams.courseId, courseId));
}

export function countSubmissionsOfStudent(db: DbOrTx, studentId: number) {
  return countRows(db, submissions, eq(submissions.studentId, studentId));
}
