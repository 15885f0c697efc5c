import { type CreateResource, RESOURCE_KEY_PATTERN, type Resource } from '@valence/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { parseDateTime } from '../../lib/time.js';
import type { Principal } from '../../plugins/auth.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { lockCourse } from '../courses/repository.js';
import * as repo from './repository.js';

/** What the resources module needs from the upload endpoint. */
export type UploadLookup = {
  getCompletedUpload(
    key: string,
  ): Promise<{ size: number; contentType: string | null; filename: string | null } | null>;
};

const ATTACHED_ALREADY = 'This uploaded file is already attached to a resource.';

type ParsedResource = Omit<CreateResource, 'courseId' | 'duration'> & { courseId: number; duration: number };

export class ResourcesService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly uploads: UploadLookup,
    private readonly options: { timeZone: string; linkTtlSeconds: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  static fromApp(app: FastifyInstance): ResourcesService {
    return new ResourcesService(
      app.db,
      app.storage,
      app.uploads,
      { timeZone: app.config.timeZone, linkTtlSeconds: app.config.downloadLinkTtlSeconds },
      app.log,
    );
  }

  /** Stored files are answered with a fresh signed link; external links as they are. */
  async toResource(row: repo.ResourceRow): Promise<Resource> {
    const url = row.objectKey
      ? await this.storage.signedUrl(row.objectKey, { ttlSeconds: this.options.linkTtlSeconds, fileName: row.name })
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
    const rows = await repo.listForCourse(this.db, courseId);
    return Promise.all(rows.map((row) => this.toResource(row)));
  }

  async create(input: ParsedResource): Promise<Resource> {
    const liveAt = parseDateTime(input.liveAt, this.options.timeZone);
    const recordingAt = parseDateTime(input.recordingAt, this.options.timeZone);
    const expiresAt = input.expiresAt ? parseDateTime(input.expiresAt, this.options.timeZone) : null;
    if (expiresAt && expiresAt <= liveAt) throw badRequest('Expires At must be after Live At.');

    let objectKey: string | null = null;
    let sizeBytes: number | null = null;
    if (input.type !== 'link' && RESOURCE_KEY_PATTERN.test(input.url)) {
      const upload = await this.uploads.getCompletedUpload(input.url);
      if (!upload) throw badRequest('The uploaded file was not found or its upload is not complete.');
      objectKey = input.url;
      sizeBytes = upload.size;
    }
    const row = await this.db.transaction(async (tx) => {
      // A course being deleted is deleted first; then this finds nothing instead of failing.
      if (!(await lockCourse(tx, input.courseId, 'share'))) throw notFound('Course not found.');
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
    const row = await repo.findResource(this.db, id);
    if (!row) throw notFound('Resource not found.');
    await this.db.transaction(async (tx) => {
      await repo.deleteResource(tx, id);
      await audit(tx, actor, 'resource.delete', `resource:${id}`, { name: row.name, courseId: row.courseId });
    });
    if (row.objectKey) {
      await this.storage
        .delete(row.objectKey)
        .catch((error) => this.log.warn({ err: error, key: row.objectKey }, 'resource file not found in storage'));
    }
  }
}
