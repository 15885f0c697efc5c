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
import type { VideoStreams } from './video-streams.js';

const ATTACHED_ALREADY = 'This uploaded file is already attached to a resource.';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'uploads' | 'courses' | 'enrollments' | 'config' | 'log'>;

/** An uploaded video (not a link, not another kind of file): it gets streaming versions. */
const isUploadedVideo = (row: { objectKey: string | null; type: string }) =>
  row.objectKey !== null && row.type.startsWith('video/');

export class ResourcesService implements CourseContent {
  private streams: VideoStreams | null = null;

  constructor(private readonly deps: Deps) {}

  /** The streaming module, once it is registered (it needs this module, not the reverse). */
  attachStreams(streams: VideoStreams) {
    this.streams = streams;
  }

  /** An uploaded file's key and whether it is a video, for the streaming module's transcode. */
  async storedVideo(id: number) {
    const row = await repo.findResource(this.deps.db, id);
    if (!row) return null;
    return { objectKey: row.objectKey, courseId: row.courseId, isVideo: isUploadedVideo(row) };
  }

  /** Of these resources, the ids of stored files (not links) of one content type. */
  async storedOfType(ids: number[], type: string): Promise<number[]> {
    const rows = await Promise.all(ids.map((id) => repo.findResource(this.deps.db, id)));
    return rows.flatMap((row) => (row?.objectKey && row.type === type ? [row.id] : []));
  }

  /** The object key of a stored file of this content type, or null. */
  async storedKey(id: number, type: string): Promise<string | null> {
    const row = await repo.findResource(this.deps.db, id);
    return row?.objectKey && row.type === type ? row.objectKey : null;
  }

  /** The length ffprobe measured: the server's figure wins over the one the browser sent. */
  async setMeasuredDuration(id: number, seconds: number) {
    await repo.setDuration(this.deps.db, id, seconds);
  }

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
    const videos = rows.filter(isUploadedVideo).map((row) => row.id);
    const streams = this.streams && videos.length > 0 ? await this.streams.statusOf(videos) : new Map();
    return Promise.all(
      rows.map(async (row) => {
        const stream = streams.get(row.id);
        return stream ? { ...(await this.toResource(row)), stream } : this.toResource(row);
      }),
    );
  }

  /**
   * What students see of a course: lectures already live and not yet expired, with signed links;
   * a video whose streaming versions are ready also carries its signed HLS address for that student.
   */
  async liveForCourse(courseId: number, studentId: number, now = new Date()): Promise<Resource[]> {
    const rows = (await repo.listForCourse(this.deps.db, courseId)).filter((row) => isLive(row, now));
    const videos = rows.filter(isUploadedVideo).map((row) => row.id);
    const playback = this.streams && videos.length > 0 ? await this.streams.playbackFor(studentId, videos) : new Map();
    return Promise.all(rows.map(async (row) => ({ ...(await this.toResource(row)), ...playback.get(row.id) })));
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
        const inserted = await repo.insertResource(tx, {
          courseId: input.courseId,
          name: input.name,
          type: input.type,
          url: input.url,
          objectKey,
          sizeBytes,
          // An uploaded video's length may be left to the server (ffprobe, in the transcode).
          duration: input.duration ?? 0,
          liveAt,
          recordingAt,
          expiresAt,
        });
        if (isUploadedVideo(inserted)) await this.streams?.queue(tx, inserted.id);
        return inserted;
      } catch (error) {
        // One stored file, one resource (unique index): deleting a resource deletes its file.
        if (isUniqueViolation(error)) throw conflict(ATTACHED_ALREADY);
        throw error;
      }
    });
    const resource = await this.toResource(row);
    if (!isUploadedVideo(row) || !this.streams) return resource;
    this.streams.queued();
    return { ...resource, stream: (await this.streams.statusOf([row.id])).get(row.id) };
  }

  async delete(actor: Principal, id: number): Promise<void> {
    const row = await repo.findResource(this.deps.db, id);
    if (!row) throw notFound('Resource not found.');
    const renditions = await this.deps.db.transaction(async (tx) => {
      const keys = (await this.streams?.storedKeys(tx, [id])) ?? [];
      await repo.deleteResource(tx, id);
      await audit(tx, actor, 'resource.delete', `resource:${id}`, { name: row.name, courseId: row.courseId });
      return keys;
    });
    for (const key of renditions) await this.deps.storage.delete(key).catch(() => undefined);
    if (row.objectKey) {
      await this.deps.storage
        .delete(row.objectKey)
        .catch((error) => this.deps.log.warn({ err: error, key: row.objectKey }, 'resource file not found in storage'));
    }
  }

  /** The course's files are deleted by the course once its transaction has committed. */
  async deleteCourseContent(tx: Tx, courseId: number): Promise<string[]> {
    const renditions = this.streams ? await this.streams.storedKeys(tx, await repo.idsOfCourse(tx, courseId)) : [];
    return [...(await repo.deleteOfCourse(tx, courseId)), ...renditions];
  }
}

function isLive(row: { liveAt: Date; expiresAt: Date | null }, now: Date): boolean {
  return row.liveAt <= now && (row.expiresAt === null || row.expiresAt > now);
}
