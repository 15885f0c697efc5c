import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, submissions } from '../../db/schema.js';

/**
 * An exam's submissions with their students' usernames, read in pages by id (keyset): the bulk
 * download and the bulk return go through a 7,000-script exam without holding every row at once or
 * making PostgreSQL skip an ever longer offset.
 */
export type ScriptRow = {
  id: number;
  studentId: number;
  username: string;
  answerKey: string | null;
  markedPaperKey: string | null;
};

/** The exam's submissions after id `afterId`, at most `limit`, in id order. */
export function scriptsAfter(db: DbOrTx, examId: number, afterId: number, limit: number): Promise<ScriptRow[]> {
  return db
    .select({
      id: submissions.id,
      studentId: submissions.studentId,
      username: accounts.username,
      answerKey: submissions.answerKey,
      markedPaperKey: submissions.markedPaperKey,
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(and(eq(submissions.examId, examId), gt(submissions.id, afterId)))
    .orderBy(asc(submissions.id))
    .limit(limit);
}

/** Every one of the exam's submissions, page by page. */
export async function* scriptsOfExam(db: DbOrTx, examId: number, pageSize: number): AsyncGenerator<ScriptRow[]> {
  let after = 0;
  for (;;) {
    const page = await scriptsAfter(db, examId, after, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = (page.at(-1) as ScriptRow).id;
  }
}
