import {
  type createResourceSchema,
  instantOf,
  RESOURCE_KEY_PATTERN,
  type Resource,
  type UpcomingLecture,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import type { CourseContent } from '../courses/course-content.js';
import * as repo from './repository.js';

const ATTACHED_ALREADY = 'This uploaded file is already attached to a resource.';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'uploads' | 'courses' | 'enrollments' | 'config' | 'log'>;

export class ResourcesService implements CourseContent {
  constructor(private readonly deps: Deps) {}

  /** Stored files are answered with a fresh signed link; external links as they are. */
  private async toResource(row: repo.ResourceRow): Promise<Resource> {
    const url = row.objectKey
      ? await this.deps.storage.signedUrl(row.objectKey, {
          ttlSeconds: this.deps.config.downloadLinkTtlSeconds,
          fileName: row.name,
        })
      : row.url;
    return {
      id: row.id,
      name: row.name,
      url,
      type: row.type,
      courseId: row.courseId,
      duration: row.duration,
      liveAt: row.liveAt.toISOString(),
      recordingAt: row.recordingAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    };
  }

  async listForCourse(courseId: number): Promise<Resource[]> {
    const rows = await repo.listForCourse(this.deps.db, courseId);
    return Promise.all(rows.map((row) => this.toResource(row)));
  }

  /** What students see of a course: lectures already live and not yet expired, with signed links. */
  async liveForCourse(courseId: number, now = new Date()): Promise<Resource[]> {
    const rows = (await repo.listForCourse(this.deps.db, courseId)).filter((row) => isLive(row, now));
    return Promise.all(rows.map((row) => this.toResource(row)));
  }

  /**
   * What a student's course has coming: its lectures not live yet, soonest first, with no link (a
   * link handed out early would let the lecture be watched before its time). Only for a course the
   * student may use now, as the live lectures are: unknown 404, no ACTIVE enrolment 403.
   */
  async upcomingForStudent(student: Principal, courseId: number, now = new Date()): Promise<UpcomingLecture[]> {
    await this.deps.courses.get(courseId);
    if (!(await this.deps.enrollments.isActive(student.id, courseId))) {
      throw forbidden('You are not enrolled in this course.');
    }
    const rows = await repo.listUpcoming(this.deps.db, courseId, now);
    return rows.map((row) => ({ ...row, liveAt: row.liveAt.toISOString() }));
  }

  /** One lecture as a student may use it: its course, name, length and whether it is live now. */
  async findLecture(id: number, now = new Date()) {
    const row = await repo.findResource(this.deps.db, id);
    if (!row) return null;
    return { id: row.id, courseId: row.courseId, name: row.name, duration: row.duration, live: isLive(row, now) };
  }

  async create(input: z.output<typeof createResourceSchema>): Promise<Resource> {
    const { timeZone } = this.deps.config;
    const liveAt = instantOf(input.liveAt, timeZone);
    const recordingAt = instantOf(input.recordingAt, timeZone);
    const expiresAt = input.expiresAt ? instantOf(input.expiresAt, timeZone) : null;
    if (expiresAt && expiresAt <= liveAt) throw badRequest('Expires At must be after Live At.');

    let objectKey: string | null = null;
    let sizeBytes: number | null = null;
    if (input.type !== 'link' && RESOURCE_KEY_PATTERN.test(input.url)) {
      const upload = await this.deps.uploads.getCompletedUpload(input.url);
      if (!upload) throw badRequest('The uploaded file was not found or its upload is not complete.');
      objectKey = input.url;
      sizeBytes = upload.size;
    }
    // Under the course's share lock: a course being deleted is deleted first, then this is a 404.
    const row = await this.deps.courses.withCourseLocked(input.courseId, async (tx) => {
      try {
        return await repo.insertResource(tx, {
          courseId: input.courseId,
          name: input.name,
          type: input.type,
          url: input.url,
          objectKey,
          sizeBytes,
          duration: input.duration,
          liveAt,
          recordingAt,
          expiresAt,
        });
      } catch (error) {
        // One stored file, one resource (unique index): deleting a resource deletes its file.
        if (isUniqueViolation(error)) throw conflict(ATTACHED_ALREADY);
        throw error;
      }
    });
    return this.toResource(row);
  }

  async delete(actor: Principal, id: number): Promise<void> {
    const row = await repo.findResource(this.deps.db, id);
    if (!row) throw notFound('Resource not found.');
    await this.deps.db.transaction(async (tx) => {
      await repo.deleteResource(tx, id);
      await audit(tx, actor, 'resource.delete', `resource:${id}`, { name: row.name, courseId: row.courseId });
    });
    if (row.objectKey) {
      await this.deps.storage
        .delete(row.objectKey)
        .catch((error) => this.deps.log.warn({ err: error, key: row.objectKey }, 'resource file not found in storage'));
    }
  }

  /** The course's files are deleted by the course once its transaction has committed. */
  deleteCourseContent(tx: Tx, courseId: number): Promise<string[]> {
    return repo.deleteOfCourse(tx, courseId);
  }
}

function isLive(row: { liveAt: Date; expiresAt: Date | null }, now: Date): boolean {
  return row.liveAt <= now && (row.expiresAt === null || row.expiresAt > now);
}
