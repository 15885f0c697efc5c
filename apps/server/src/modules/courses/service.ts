import type { Course, CourseInput, Page, PageQuery } from '@valence/contract';
import type { Placeholder } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { pageOrAll, type StreamedList } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { CourseContent } from './course-content.js';
import * as repo from './repository.js';

const toCourse = (row: repo.CourseRow): Course => ({
  id: row.id,
  title: row.title,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  paused: row.paused,
});

export class CoursesService {
  private readonly db: Db;
  private readonly storage: ObjectStorage;
  private readonly log: FastifyBaseLogger;
  private readonly contents: CourseContent[] = [];

  constructor({ db, storage, log }: Pick<FastifyInstance, 'db' | 'storage' | 'log'>) {
    this.db = db;
    this.storage = storage;
    this.log = log;
  }

  /** Called by each module that keeps something per course, when it is registered; answers `content`. */
  attach<T extends CourseContent>(content: T): T {
    this.contents.push(content);
    return content;
  }

  /** Every course, or one page of those whose title contains `q`; newest first either way. */
  list(query: PageQuery): Promise<StreamedList<Course> | Page<Course>> {
    return pageOrAll(query, {
      page: async (window) =>
        (await repo.listCourses(this.db, { q: query.q, ...window })).map((row) => ({
          ...toCourse(row),
          total: row.total,
        })),
      count: () => repo.countCourses(this.db, query.q),
    });
  }

  /** These courses, newest first (the ids a student is enrolled in). */
  async listByIds(ids: number[]): Promise<Course[]> {
    return (await repo.listCoursesByIds(this.db, ids)).map(toCourse);
  }

  /** See repo.findCoursesByIdsOrTitles: the courses an import's rows name, by id or title (any case). */
  findByIdsOrTitles(ids: readonly number[], titles: readonly string[]) {
    return repo.findCoursesByIdsOrTitles(this.db, ids, [...new Set(titles.map((title) => title.toLowerCase()))]);
  }

  /**
   * The course share-locked inside another module's transaction, as `withCourseLocked` does in one
   * of its own (an import that creates students and enrols them in one); 404 when it is gone.
   */
  async lockShared(tx: Tx, id: number): Promise<repo.CourseRow> {
    const course = await repo.lockCourse(tx, id, 'share');
    if (!course) throw notFound('Course not found.');
    return course;
  }

  /** The course; inside another module's transaction, read through that transaction (`db`). */
  async get(id: number, db: DbOrTx = this.db): Promise<Course> {
    const row = await repo.findCourse(db, id);
    if (!row) throw notFound('Course not found.');
    return toCourse(row);
  }

  /** See repo.titleOf: the course's title as SQL to embed, null when there is no such course. */
  titleSql(id: number | Placeholder) {
    return repo.titleOf(id);
  }

  async create(input: CourseInput): Promise<Course> {
    return toCourse(await repo.insertCourse(this.db, input));
  }

  async update(id: number, input: CourseInput): Promise<Course> {
    const row = await repo.updateCourse(this.db, id, input);
    if (!row) throw notFound('Course not found.');
    return toCourse(row);
  }

  /**
   * Runs `work` in a transaction holding the course row in share mode: what it adds to the course
   * (an enrolment, a resource) waits for a pause or delete in progress and then sees its outcome,
   * instead of slipping in beside it. A course deleted meanwhile is a 404, not a failed insert.
   */
  withCourseLocked<T>(courseId: number, work: (tx: Tx, course: repo.CourseRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const course = await repo.lockCourse(tx, courseId, 'share');
      if (!course) throw notFound('Course not found.');
      return work(tx, course);
    });
  }

  /**
   * Marks are never lost silently: any module may refuse (exams with submissions do). Stored files
   * go only after the rows are gone, so a failed delete never leaves rows pointing at nothing.
   */
  async delete(actor: Principal, id: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const course = await repo.lockCourse(tx, id, 'update');
      if (!course) throw notFound('Course not found.');
      for (const content of this.contents) await content.refuseCourseDelete?.(tx, course);
      const keys: string[] = [];
      for (const content of this.contents) keys.push(...((await content.deleteCourseContent?.(tx, id)) ?? []));
      await repo.deleteCourse(tx, id);
      await audit(tx, actor, 'course.delete', `course:${id}`, { title: course.title, files: keys.length });
      return keys;
    });
    await deleteStoredFiles(this.storage, this.log, keys);
  }

  /** Pause and resume: the flag and every enrolment change together or not at all. */
  async setPaused(actor: Principal, id: number, paused: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked first: enrolments being added wait, then see the new state (and vice versa).
      const course = await repo.lockCourse(tx, id, 'update');
      if (!course) throw notFound('Course not found.');
      for (const content of this.contents) await content.pauseCourseContent?.(tx, id, paused);
      await repo.setPaused(tx, id, paused);
      await audit(tx, actor, paused ? 'course.pause' : 'course.resume', `course:${id}`, { title: course.title });
    });
  }
}
