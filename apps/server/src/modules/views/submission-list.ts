import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWays, preparedWindows, reachCondition } from '../../db/prepared.js';
import { countOf, selectCount } from '../../db/rows.js';
import { accounts, examScriptCounts, submissions } from '../../db/schema.js';
import { containsWay, type SearchWay, searchValue, searchWay, totalOf } from '../../lib/paging.js';
import { identifierOf } from '../exams/repository.js';

/**
 * An exam's submissions as staff list them: each with its student's name and username, searched by
 * them, read by join so a page stays one statement.
 */

/** A submission with who made it: the account's name (else its username) and username. */
export type ListedRow = typeof submissions.$inferSelect & { studentName: string; username: string };

const MAX_ID = 2_147_483_647;

const listed = {
  id: submissions.id,
  examId: submissions.examId,
  studentId: submissions.studentId,
  submittedAt: submissions.submittedAt,
  answerKey: submissions.answerKey,
  mcqScore: submissions.mcqScore,
  traditionalScore: submissions.traditionalScore,
  instructorFeedback: submissions.instructorFeedback,
  gradedAt: submissions.gradedAt,
  markedPaperKey: submissions.markedPaperKey,
  questionMarks: submissions.questionMarks,
  studentName: sql<string>`coalesce(nullif(trim(${accounts.name}), ''), ${accounts.username})`,
  username: accounts.username,
};

/**
 * How a list of the exam's scripts is searched: not at all, or by name and username (written as
 * `contains` would for `q`), and also by student id when `q` is one. A prepared statement per way
 * (db/prepared.ts), its values the placeholders `examId`, `q` and `studentId`.
 */
type ScriptSearchWay = 'none' | `${Exclude<SearchWay, 'none'>}_${'name' | 'name-or-id'}`;

function scriptSearch(q: string | undefined): { way: ScriptSearchWay; values: Record<string, unknown> } {
  const search = searchWay(q);
  if (search === 'none' || q === undefined) return { way: 'none', values: {} };
  const id = /^\d{1,10}$/.test(q) && Number(q) <= MAX_ID ? Number(q) : undefined;
  return {
    way: `${search}_${id === undefined ? 'name' : 'name-or-id'}`,
    values: { q: searchValue(q), studentId: id ?? 0 },
  };
}

/** The exam's submissions whose student's name or username contains `q`, or whose id is `q`. */
function ofExam(way: ScriptSearchWay) {
  const inExam = eq(submissions.examId, sql.placeholder('examId'));
  if (way === 'none') return inExam;
  const [search, by] = way.split('_') as [SearchWay, 'name' | 'name-or-id'];
  const q = sql.placeholder('q');
  return and(
    inExam,
    or(
      containsWay(accounts.usernameLower, search, q),
      containsWay(accounts.nameLower, search, q),
      by === 'name-or-id' ? eq(submissions.studentId, sql.placeholder('studentId')) : undefined,
    ),
  );
}

/**
 * One page of the exam's submissions, newest first, read off the (exam, submitted) index, each row
 * carrying the total (`totalOf`: `count(*) over ()` would join and sort every script of a
 * 7,000-student exam for each page of six) and the exam's identifier: one round trip a page.
 */
export function pageOfExam(
  db: DbOrTx,
  examId: number,
  q: string | undefined,
  window: { limit: number; offset: number },
): Promise<(ListedRow & { total: number; examIdentifier: string | null })[]> {
  const search = scriptSearch(q);
  return scriptPage(db, search.way, window).execute({ examId, ...search.values, ...window });
}

const scriptPage = preparedWindows('valence_script_page', (db, way: ScriptSearchWay, reach) =>
  db
    .select({
      ...listed,
      total: totalOf(countQuery(db, way)),
      examIdentifier: identifierOf(sql.placeholder('examId')),
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(reachCondition(ofExam(way), reach))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/**
 * Unsearched, the exam's count is the one kept beside it (exam_script_counts, a few rows whatever
 * the class's size); a search counts its matches.
 */
function countQuery(db: DbOrTx, way: ScriptSearchWay) {
  if (way === 'none') {
    return db
      .select({ count: sql<number>`coalesce(sum(${examScriptCounts.submitted}), 0)`.mapWith(Number) })
      .from(examScriptCounts)
      .where(eq(examScriptCounts.examId, sql.placeholder('examId')));
  }
  return selectCount(db, submissions).innerJoin(accounts, eq(accounts.id, submissions.studentId)).where(ofExam(way));
}

const scriptCount = preparedWays((db, way: ScriptSearchWay) =>
  countQuery(db, way).prepare(`valence_script_count_${way}`),
);

export function countOfExam(db: DbOrTx, examId: number, q: string | undefined): Promise<number> {
  const search = scriptSearch(q);
  return countOf(scriptCount(db, search.way).execute({ examId, ...search.values }));
}

export function findListed(db: DbOrTx, id: number): Promise<ListedRow | undefined> {
  return db
    .select(listed)
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(eq(submissions.id, id))
    .then((rows) => rows[0]);
}
