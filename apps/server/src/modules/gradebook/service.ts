import {
  combinedTotalScore,
  type Gradebook,
  type GradebookCell,
  type GradebookQuery,
  type GradebookRow,
  type GradebookStats,
  gradebookSortOf,
  overallStatusOf,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import * as view from './reads.js';

/** A page when the caller names no limit: what the screen shows. */
export const GRADEBOOK_DEFAULT_LIMIT = 25;
/** Students read per round trip while an export streams. */
export const EXPORT_BATCH = 1000;

type Deps = Pick<FastifyInstance, 'db' | 'courses'>;

/** A student with their marks under every identifier, ready to show or export. */
export type MarkedStudent = GradebookRow;

/**
 * One student's cells from their scripts, by the marks summary's rules: the exam that counts for a
 * part is the submitted one (the live one when several), an MCQ is marked once submitted and PART II
 * once scored, and the total is the contract's `combinedTotalScore`.
 */
export function cellsOf(columns: view.IdentifierColumn[], scripts: view.ScriptRow[]): GradebookCell[] {
  const byPart = new Map<string, view.ScriptRow>();
  // `scriptsOf` answers the deciding script of each part last, so it overwrites the others.
  for (const script of scripts) byPart.set(`${script.examType}:${script.examIdentifier}`, script);
  return columns.map((column) => {
    const mcqScript = byPart.get(`MCQ:${column.examIdentifier}`);
    const partTwoScript = byPart.get(`TRADITIONAL:${column.examIdentifier}`);
    const mcq = mcqScript?.mcqScore ?? null;
    const partTwo = partTwoScript?.traditionalScore ?? null;
    const parts = Number(column.hasMcq) + Number(column.hasPartTwo);
    const marked = Number(!!mcqScript) + Number(partTwo !== null);
    return {
      mcq,
      partTwo,
      total: combinedTotalScore(mcq, partTwo),
      status: overallStatusOf(parts, !!(mcqScript || partTwoScript), marked),
      unpublished: (mcq !== null && !mcqScript?.published) || (partTwo !== null && !partTwoScript?.gradesPublished),
    };
  });
}

/**
 * The gradebook of a course: every enrolled student by every exam identifier, paged, searched and
 * sorted in SQL, with every mark whatever its publication (the answer says which are unpublished),
 * the class figures, and the whole class streamed for the exports.
 */
export class GradebookService {
  constructor(private readonly deps: Deps) {}

  /**
   * The course's identifiers; an unknown course is a 404 (the courses module's). The course itself
   * is read only when it has none, to tell a course without exams from no course: one statement
   * fewer on every page.
   */
  async columns(courseId: number): Promise<view.IdentifierColumn[]> {
    const columns = await view.identifierColumns(this.deps.db, courseId);
    if (columns.length === 0) await this.deps.courses.get(courseId);
    return columns;
  }

  /** The course's title and identifiers, what an export needs before its first row. */
  async course(courseId: number): Promise<{ title: string; columns: view.IdentifierColumn[] }> {
    const course = await this.deps.courses.get(courseId);
    return { title: course.title, columns: await view.identifierColumns(this.deps.db, courseId) };
  }

  async page(courseId: number, query: GradebookQuery): Promise<Gradebook> {
    const sort = gradebookSortOf(query.sort, query.dir);
    const limit = query.limit ?? GRADEBOOK_DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const pageOf = (parts: number) =>
      limit === 0 ? [] : view.studentPage(this.deps.db, courseId, { q: query.q, sort, parts, limit, offset });
    let columns: view.IdentifierColumn[];
    let students: view.StudentRow[];
    if ('identifier' in sort) {
      // A mark's order needs the identifier checked (and its parts, for a status) first.
      columns = await this.columns(courseId);
      const column = columns.find((c) => c.examIdentifier === sort.identifier);
      if (!column) throw badRequest(`sort: this course has no exam identifier ${sort.identifier}.`);
      students = await pageOf(Number(column.hasMcq) + Number(column.hasPartTwo));
    } else {
      // A name's order needs nothing from the columns: both are asked at once.
      [columns, students] = await Promise.all([this.columns(courseId), pageOf(0)]);
    }
    const total = students[0]?.total ?? (await view.countStudents(this.deps.db, courseId, query.q));
    const items = await this.withCells(courseId, columns, students);
    return { columns, items, total, limit, offset };
  }

  private async withCells(
    courseId: number,
    columns: view.IdentifierColumn[],
    students: view.StudentRow[],
  ): Promise<MarkedStudent[]> {
    const scripts = await view.scriptsOf(
      this.deps.db,
      courseId,
      students.map((student) => student.studentId),
    );
    const byStudent = new Map<number, view.ScriptRow[]>();
    for (const script of scripts) {
      const list = byStudent.get(script.studentId);
      if (list) list.push(script);
      else byStudent.set(script.studentId, [script]);
    }
    return students.map(({ studentId, username, name }) => ({
      studentId,
      username,
      name,
      cells: cellsOf(columns, byStudent.get(studentId) ?? []),
    }));
  }

  async stats(courseId: number): Promise<GradebookStats> {
    const columns = await this.columns(courseId);
    const [figures, enrolled] = await Promise.all([
      view.figures(this.deps.db, courseId),
      view.countStudents(this.deps.db, courseId),
    ]);
    const byIdentifier = new Map(figures.map((row) => [row.examIdentifier, row]));
    return {
      enrolled,
      identifiers: columns.map(
        ({ examIdentifier }) =>
          byIdentifier.get(examIdentifier) ?? {
            examIdentifier,
            sat: 0,
            marked: 0,
            mean: null,
            median: null,
            highest: null,
            lowest: null,
            histogram: Array(10).fill(0),
          },
      ),
    };
  }

  /**
   * Every enrolled student in username order, `EXPORT_BATCH` at a time (keyset pages): an export
   * holds one batch in memory however large the class.
   */
  async *allStudents(courseId: number, columns: view.IdentifierColumn[]): AsyncGenerator<MarkedStudent[]> {
    let after: { usernameLower: string; id: number } | null = null;
    for (;;) {
      const batch = await view.studentsAfter(this.deps.db, courseId, after, EXPORT_BATCH);
      if (batch.length === 0) return;
      yield await this.withCells(courseId, columns, batch);
      const last = batch[batch.length - 1] as (typeof batch)[number];
      after = { usernameLower: last.usernameLower, id: last.studentId };
      if (batch.length < EXPORT_BATCH) return;
    }
  }
}
