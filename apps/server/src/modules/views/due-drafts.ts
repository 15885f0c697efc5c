import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { exams, submissionDrafts } from '../../db/schema.js';

/**
 * The drafts the submissions module's sweep must settle, found by joining drafts with their exams'
 * due dates and state in one statement (the drafts are the submissions module's, the dates the
 * exams module's). Read only: each one is then handed in, or dropped, under its exam's lock.
 *
 * Due: a published exam whose due time is past `now` (handed in as the student's answers), or an
 * exam whose content was deleted (no questions are left to mark it against; dropped at once). A
 * draft of an unpublished exam waits: its exam may be published again.
 */
export function dueDrafts(db: DbOrTx, now: Date, limit: number): Promise<{ examId: number; studentId: number }[]> {
  return db
    .select({ examId: submissionDrafts.examId, studentId: submissionDrafts.studentId })
    .from(submissionDrafts)
    .innerJoin(exams, eq(exams.id, submissionDrafts.examId))
    .where(or(eq(exams.contentDeleted, true), and(eq(exams.published, true), lte(exams.dueDate, now))))
    .orderBy(asc(exams.dueDate), asc(submissionDrafts.id))
    .limit(limit);
}
