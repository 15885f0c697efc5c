import type { Course, CourseDetail, CourseInput, Page, PageQuery } from '@valence/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOrAll } from '../../lib/paging.js';
import type { Principal } from '../../plugins/auth.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { ResourcesService } from '../resources/service.js';
import * as repo from './repository.js';

export const toCourse = (row: repo.CourseRow): Course => ({
  id: row.id,
  title: row.title,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  paused: row.paused,
});

export class CoursesService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly resources: ResourcesService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Every course, or one page of those whose title contains `q`; newest first either way. */
  list(query: PageQuery): Promise<Course[] | Page<Course>> {
    return pageOrAll(query, {
      page: async (window) =>
        (await repo.listCourses(this.db, { q: query.q, ...window })).map((row) => ({
          ...toCourse(row),
          total: row.total,
        })),
      count: () => repo.countCourses(this.db, query.q),
    });
  }

  async get(id: number): Promise<CourseDetail> {
    const row = await repo.findCourse(this.db, id);
    if (!row) throw notFound('Course not found.');
    return { ...toCourse(row), resources: await this.resources.listForCourse(id) };
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
   * Marks are never lost silently: a course whose exams have submissions cannot be deleted. Stored
   * files go only after the rows are gone, so a failed delete never leaves rows pointing at nothing.
   */
  async delete(actor: Principal, id: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const course = await repo.lockCourse(tx, id, 'update');
      if (!course) throw notFound('Course not found.');
      const submissions = await repo.countSubmissionsOfCourse(tx, id);
      if (submissions > 0) {
        throw conflict(
          `Cannot delete course "${course.title}" because its exams have ${submissions} submission(s). Delete or archive the exams' marks first.`,
        );
      }
      const keys = await repo.storedKeysOfCourse(tx, id);
      await repo.deleteCourse(tx, id);
      await audit(tx, actor, 'course.delete', `course:${id}`, { title: course.title, files: keys.length });
      return keys;
    });
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((error) => this.log.warn({ err: error, key }, 'could not delete stored file'));
    }
  }

  /** Pause and resume: the flag and every enrolment change together or not at all. */
  async setPaused(actor: Principal, id: number, paused: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked first: enrolments being added wait, then see the new state (and vice versa).
      const course = await repo.lockCourse(tx, id, 'update');
      if (!course) throw notFound('Course not found.');
      await repo.setEnrollmentStatusOfCourse(tx, id, paused ? 'DISABLED' : 'ACTIVE');
      await repo.setPaused(tx, id, paused);
      await audit(tx, actor, paused ? 'course.pause' : 'course.resume', `course:${id}`, { title: course.title });
    });
  }
}
