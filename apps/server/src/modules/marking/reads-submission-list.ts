import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedWays, preparedWindows, reachCondition } from '../../db/prepared.js';
import { countOf } from '../../db/rows.js';
import { accounts, examScriptCounts, exams, submissions } from '../../db/schema.js';
import { containsWay, type PageWindow, type SearchWay, searchValue, searchWay, totalOf } from '../../lib/paging.js';
import type { ListedRow } from '../submissions/presenter.js';

/**
 * An exam's submissions as staff list them: each with its student's name and username, searched by
 * them, read by join so a page stays one statement.
 */

export type { ListedRow };

const MAX_ID = 2_147_483_647;

export const listed = {
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
  version: submissions.version,
  changedBy: submissions.changedBy,
  changedAt: submissions.changedAt,
  handedInAtDeadline: submissions.handedInAtDeadline,
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
 * carrying the total (`totalOf`, capped for a short search: see `countQuery`; `count(*) over ()`
 * would join and sort every script of a 7,000-student exam for each page of six) and the exam's
 * identifier: one round trip a page.
 */
export function pageOfExam(
  db: DbOrTx,
  examId: number,
  q: string | undefined,
  window: PageWindow,
): Promise<(ListedRow & { total: number; examIdentifier: string | null })[]> {
  const search = scriptSearch(q);
  const { limit, offset, countLimit } = window;
  return scriptPage(db, search.way, window).execute({
    examId,
    ...search.values,
    limit,
    offset,
    countUpTo: countLimit + 1,
  });
}

const scriptPage = preparedWindows('valence_script_page', (db, way: ScriptSearchWay, reach) =>
  db
    .select({
      ...listed,
      total: totalOf(countQuery(db, way)),
      examIdentifier: sql<
        string | null
      >`(select ${exams.examIdentifier} from ${exams} where ${exams.id} = ${sql.placeholder('examId')})`,
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(reachCondition(ofExam(way), reach))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/**
 * Whether a search's count stops at the cap (lib/paging.ts's countLimitOf): one or two letters,
 * which no index answers, so an exact count reads every script of the exam and every account
 * (8 ms of PostgreSQL for `ka` at 6,126 scripts, 0.8 ms capped; one with no match costs the same
 * either way). Three letters or more count exactly through the trigram indexes (1.7 ms for `pere`),
 * where a LIMIT would only tempt the planner to walk the accounts one by one (5 ms).
 */
export function searchIsCapped(q: string | undefined): boolean {
  return searchWay(q) === 'strpos';
}

/**
 * Unsearched, the exam's count is the one kept beside it (exam_script_counts, a few rows whatever
 * the class's size). A search counts its matches; a short one only up to `countUpTo` rows.
 */
function countQuery(db: DbOrTx, way: ScriptSearchWay) {
  if (way === 'none') {
    return db
      .select({ count: sql<number>`coalesce(sum(${examScriptCounts.submitted}), 0)`.mapWith(Number) })
      .from(examScriptCounts)
      .where(eq(examScriptCounts.examId, sql.placeholder('examId')));
  }
  const matches = db
    .select({ one: sql`1` })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(ofExam(way));
  const counted = way.startsWith('strpos') ? matches.limit(sql.placeholder('countUpTo')) : matches;
  return db.select({ count: sql<number>`count(*)::int` }).from(counted.as('matches'));
}

const scriptCount = preparedWays((db, way: ScriptSearchWay) =>
  countQuery(db, way).prepare(`valence_script_count_${way}`),
);

/** The exam's submissions matching `q` (all without one), counted up to `countLimit + 1` when `searchIsCapped`. */
export function countOfExam(db: DbOrTx, examId: number, q: string | undefined, countLimit: number): Promise<number> {
  const search = scriptSearch(q);
  return countOf(scriptCount(db, search.way).execute({ examId, ...search.values, countUpTo: countLimit + 1 }));
}

export function findListed(db: DbOrTx, id: number): Promise<ListedRow | undefined> {
  return db
    .select(listed)
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .where(eq(submissions.id, id))
    .then((rows) => rows[0]);
}
