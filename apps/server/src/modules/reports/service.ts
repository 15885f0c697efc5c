import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReportJob } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { downloadName } from '../../lib/content-disposition.js';
import { notFound } from '../../lib/errors.js';
import { renderOnPdfWorker } from '../../lib/pdf-worker.js';
import type { Principal } from '../../lib/principal.js';
import { sanitizeFileName } from '../../storage/storage.js';
import type { InstituteHeader } from '../settings/service.js';
import * as views from '../views/report-pack.js';
import { packData } from './pack-data.js';
import type { PackHeader, ReportPackData } from './pack-pdf.js';
import * as repo from './repository.js';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'courses' | 'settings' | 'databaseKind'>;

/** The job's row is written every this many students: progress without a write per student. */
export const PROGRESS_EVERY = 10;
/**
 * The longest a course's packs may take (a class of 2,000 takes about a minute). A job still
 * unfinished after it has lost its worker, and any server fails it (see `failAbandoned`).
 */
export const JOB_TIME_LIMIT_MS = 15 * 60_000;
/** How far the zip may run ahead of the store before the worker waits for it. */
const ZIP_AHEAD_BYTES = 8 * 1024 * 1024;

export const RESTARTED = 'The server stopped before the report packs were finished. Start them again.';
export const TIMED_OUT = 'The report packs took too long and were stopped. Start them again.';

/** How long a finished zip is kept; a newer one of the same course replaces it sooner. */
export const PACK_RETENTION_MS = 24 * 3600_000;
export const PACK_EXPIRED = 'This zip was removed 24 hours after it was made. Start the report packs again.';
export const PACK_SUPERSEDED =
  'A newer zip of this course was made, so this one was removed. Start the report packs again for a link.';

/** Drawn on the PDF thread: a pack's feedback is user text, and the server's thread stays free meanwhile. */
function renderPack(data: ReportPackData, header: PackHeader): Promise<Uint8Array> {
  return renderOnPdfWorker({ kind: 'report-pack', data, header });
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Report packs: one student's PDF (enrolments, watch summary with coverage, marks with feedback),
 * and a course's packs as one zip made by a job in this process. The job's row is the truth every
 * server reads; the worker is the server that created it, and a job survives no restart.
 */
export class ReportsService {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly deps: Deps) {}

  private async rows(studentId: number) {
    const { db } = this.deps;
    const [student, enrolments, watch, marks] = await Promise.all([
      views.findStudent(db, studentId),
      views.enrolmentsOf(db, studentId),
      views.watchRowsOf(db, studentId),
      views.markRowsOf(db, studentId),
    ]);
    return student ? { student, enrolments, watch, marks } : undefined;
  }

  private async render(studentId: number, header: InstituteHeader): Promise<Uint8Array | undefined> {
    const rows = await this.rows(studentId);
    if (!rows) return undefined;
    return renderPack(packData(rows, new Date(), this.deps.config.timeZone), header);
  }

  /** One student's pack and the name it is downloaded under. */
  async studentPack(studentId: number): Promise<{ bytes: Uint8Array; fileName: string }> {
    const rows = await this.rows(studentId);
    if (!rows) throw notFound('Student not found.');
    const header = await this.deps.settings.header();
    const bytes = await renderPack(packData(rows, new Date(), this.deps.config.timeZone), header);
    return { bytes, fileName: `report-pack-${rows.student.username}.pdf` };
  }

  private async present(row: repo.ReportJobRow): Promise<ReportJob> {
    let downloadUrl: string | null = null;
    if (row.status === 'done' && row.fileKey) {
      const course = await this.deps.courses.get(row.courseId).catch(() => null);
      const title = course ? course.title : `course-${row.courseId}`;
      downloadUrl = await this.deps.storage.signedUrl(row.fileKey, {
        ttlSeconds: this.deps.config.downloadLinkTtlSeconds,
        // The course's title as typed: the file route makes it a safe download name.
        fileName: downloadName(`report-packs-${title}.zip`),
      });
    }
    return {
      id: row.id,
      courseId: row.courseId,
      status: row.status,
      done: row.done,
      total: row.total,
      error: row.error,
      downloadUrl,
      createdAt: row.createdAt.toISOString(),
      finishedAt: isoOrNull(row.finishedAt),
    };
  }

  async job(id: number): Promise<ReportJob> {
    const row = await repo.findJob(this.deps.db, id);
    if (!row) throw notFound('Report job not found.');
    return this.present(row);
  }

  /**
   * Records the job (queued, with the class's size) and starts it in the background; while one of
   * the course's jobs is unfinished, answers that one instead (on any server: the check and the
   * insert are one transaction under a lock per course).
   */
  async startCourseJob(actor: Principal, courseId: number): Promise<ReportJob> {
    await this.deps.courses.get(courseId);
    const students = await views.enrolledStudents(this.deps.db, courseId);
    const { row, created } = await this.deps.db.transaction(async (tx) => {
      await repo.lockCourseJobs(tx, courseId);
      const unfinished = await repo.findUnfinished(tx, courseId);
      if (unfinished) return { row: unfinished, created: false };
      return {
        row: await repo.insertJob(tx, { courseId, requestedBy: actor.id, total: students.length }),
        created: true,
      };
    });
    if (created) {
      const work = this.run(row, students).finally(() => this.running.delete(work));
      this.running.add(work);
    }
    return this.present(row);
  }

  /**
   * Expires finished zips: every one but the newest of its course, and any finished more than
   * PACK_RETENTION_MS before `now`. The row first stops naming the file, then the file goes.
   * Answers how many expired.
   */
  async expireOldPacks(now = new Date()): Promise<number> {
    const expired = await repo.expireDone(this.deps.db, new Date(now.getTime() - PACK_RETENTION_MS), {
      aged: PACK_EXPIRED,
      superseded: PACK_SUPERSEDED,
    });
    for (const key of expired) {
      await this.deps.storage
        .delete(key)
        .catch((error) => this.deps.log.warn({ err: error, key }, 'could not delete an expired report zip'));
    }
    return expired.length;
  }

  private async run(job: repo.ReportJobRow, students: { id: number; username: string }[]): Promise<void> {
    const { db, storage, log } = this.deps;
    const key = `reports/course-${job.courseId}-job-${job.id}-${randomUUID()}.zip`;
    const deadline = job.createdAt.getTime() + JOB_TIME_LIMIT_MS;
    let upload: Promise<void> | undefined;
    try {
      await repo.markRunning(db, job.id, key);
      const header = await this.deps.settings.header();
      const zip = new yazl.ZipFile();
      let added = 0;
      let stored = 0;
      let storeFailed: unknown;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          stored += chunk.length;
          callback(null, chunk);
        },
      });
      upload = storage.put(key, zip.outputStream.pipe(counter), { contentType: 'application/zip' });
      upload.catch((error) => {
        storeFailed = error;
      });
      const names = new Set<string>();
      let done = 0;
      for (const student of students) {
        if (this.closing) throw new Error(RESTARTED);
        if (Date.now() > deadline) throw new Error(TIMED_OUT);
        const bytes = await this.render(student.id, header);
        // A student deleted since the job started has no pack; the count still moves on.
        if (bytes) {
          const base = sanitizeFileName(student.username);
          let name = `${base}.pdf`;
          for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${base}-${n}.pdf`;
          names.add(name.toLowerCase());
          // PDFs are compressed already: stored as they are, the zip costs no CPU.
          zip.addBuffer(Buffer.from(bytes), name, { compress: false });
          added += bytes.length;
        }
        done += 1;
        if (done % PROGRESS_EVERY === 0) await repo.setProgress(db, job.id, done);
        // Nothing holds the whole zip: the worker waits while the store is behind by more than a few MB.
        while (added - stored > ZIP_AHEAD_BYTES && storeFailed === undefined) await sleep(5);
        if (storeFailed !== undefined) throw storeFailed;
      }
      zip.end();
      await upload;
      if (!(await repo.markDone(db, job.id, done))) {
        // Failed meanwhile (by another server, past its time limit): the zip is nobody's.
        await storage.delete(key).catch(() => undefined);
      }
    } catch (error) {
      log.warn({ err: error, jobId: job.id }, 'report packs job failed');
      const message =
        error instanceof Error && (error.message === RESTARTED || error.message === TIMED_OUT)
          ? error.message
          : 'The report packs could not be made. Try again; if it fails again, tell the administrator.';
      await repo.markFailed(db, job.id, message).catch((failure) => log.warn({ err: failure }, 'could not fail job'));
      await upload?.catch(() => undefined);
      await storage.delete(key).catch(() => undefined);
    }
  }

  /**
   * Fails the jobs whose worker is gone. On PGlite one server owns the data folder, so at start every
   * unfinished job is a previous process's. On PostgreSQL another replica may be running its own,
   * so only those past the time limit are taken (their worker would have stopped them by now).
   */
  async failAbandoned(atStart: boolean): Promise<void> {
    const all = atStart && this.deps.databaseKind === 'pglite';
    const keys = await repo.failUnfinished(
      this.deps.db,
      RESTARTED,
      all ? undefined : new Date(Date.now() - JOB_TIME_LIMIT_MS - 60_000),
    );
    for (const key of keys) await this.deps.storage.delete(key).catch(() => undefined);
  }

  /** Stops the jobs of this process (each marks itself failed) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }

  /** For tests and the bench: resolves once every job this process is running has ended. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
