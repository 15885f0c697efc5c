import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReportJob } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { downloadName } from '../../lib/content-disposition.js';
import { notFound } from '../../lib/errors.js';
import { renderOnPdfWorker } from '../../lib/pdf-worker.js';
import type { Principal } from '../../lib/principal.js';
import { type JobView, SHUTDOWN_REASON } from '../../queue/job-queue.js';
import { sanitizeFileName } from '../../storage/storage.js';
import type { InstituteHeader } from '../settings/service.js';
import { coursePacksJob, type PackResult, packResultSchema } from './jobs.js';
import { packData } from './pack-data.js';
import type { PackHeader, ReportPackData } from './pack-pdf.js';
import * as views from './reads.js';
import * as repo from './repository.js';

type Deps = Pick<
  FastifyInstance,
  'db' | 'storage' | 'config' | 'log' | 'courses' | 'settings' | 'databaseKind' | 'jobs'
>;

/** The job's progress is stored every this many students: progress without a write per student. */
export const PROGRESS_EVERY = 10;
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

const FAILED = 'The report packs could not be made. Try again; if it fails again, tell the administrator.';

/** The course's key on the queue: one queued and one running job per course at most. */
const courseKey = (courseId: number) => `course-${courseId}`;

/** The tutor's words for why a job failed: the queue's reasons for a stop and a time-out are its own. */
function failureText(reason: string | null): string {
  if (reason === SHUTDOWN_REASON) return RESTARTED;
  if (reason?.startsWith('Timed out')) return TIMED_OUT;
  return reason ?? FAILED;
}

/**
 * Report packs: one student's PDF (enrolments, watch summary with coverage, marks with feedback),
 * and a course's packs as one zip made by a job on the queue (`jobs.ts`): any server's worker makes
 * it, and the job (its state, progress and result: the zip's key) is what every server answers from.
 */
export class ReportsService {
  /** Starts of one course's packs in this process, one after another (see `startCourseJob`). */
  private readonly starting = new Map<number, Promise<unknown>>();

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

  private async present(job: JobView): Promise<ReportJob> {
    const payload = coursePacksJob.payload.parse(job.data);
    const result = job.state === 'completed' ? packResultSchema.safeParse(job.result).data : undefined;
    const status: ReportJob['status'] =
      job.state === 'queued' || job.state === 'retry'
        ? 'queued'
        : job.state === 'running'
          ? 'running'
          : job.state === 'completed'
            ? result?.expired
              ? 'expired'
              : 'done'
            : 'failed';
    let downloadUrl: string | null = null;
    if (status === 'done' && result?.fileKey) {
      const course = await this.deps.courses.get(payload.courseId).catch(() => null);
      const title = course ? course.title : `course-${payload.courseId}`;
      downloadUrl = await this.deps.storage.signedUrl(result.fileKey, {
        ttlSeconds: this.deps.config.downloadLinkTtlSeconds,
        // The course's title as typed: the file route makes it a safe download name.
        fileName: downloadName(`report-packs-${title}.zip`),
      });
    }
    return {
      id: job.id,
      courseId: payload.courseId,
      status,
      done: result?.done ?? job.progress?.done ?? 0,
      total: result?.total ?? job.progress?.total ?? payload.total,
      error:
        status === 'failed' ? failureText(job.failureReason) : status === 'expired' ? (result?.expired ?? null) : null,
      downloadUrl,
      createdAt: job.createdOn.toISOString(),
      finishedAt: status === 'done' || status === 'expired' || status === 'failed' ? isoOrNull(job.completedOn) : null,
    };
  }

  async job(id: string): Promise<ReportJob> {
    const job = await this.deps.jobs.get(coursePacksJob, id);
    if (!job) throw notFound('Report job not found.');
    return this.present(job);
  }

  /**
   * Queues the course's packs (with the class's size); while one of the course's jobs is
   * unfinished, answers that one instead. Starts of one course take turns: in this process by a
   * chain of promises, and across servers (PostgreSQL) under an advisory lock held until the job is
   * queued. The queue's 'stately' policy refuses a second queued job of the course all the same.
   */
  async startCourseJob(actor: Principal, courseId: number): Promise<ReportJob> {
    await this.deps.courses.get(courseId);
    const previous = this.starting.get(courseId) ?? Promise.resolve();
    const start = previous.catch(() => undefined).then(() => this.startInTurn(actor, courseId));
    this.starting.set(courseId, start);
    try {
      return await start;
    } finally {
      if (this.starting.get(courseId) === start) this.starting.delete(courseId);
    }
  }

  private async startInTurn(actor: Principal, courseId: number): Promise<ReportJob> {
    const start = async () => {
      const unfinished = await this.unfinished(courseId);
      if (unfinished) return unfinished;
      const students = await views.enrolledStudents(this.deps.db, courseId);
      const payload = { courseId, requestedBy: actor.id, total: students.length };
      const id = await this.deps.jobs.send(coursePacksJob, payload, { singletonKey: courseKey(courseId) });
      // Refused: another server queued one between our read and our send.
      const job = id ? await this.deps.jobs.get(coursePacksJob, id) : await this.unfinished(courseId);
      if (!job) throw new Error('The report packs job was queued but cannot be read back.');
      return job;
    };
    // PGlite runs one transaction at a time and the queue shares its connection: one process owns it,
    // so the chain above is enough there.
    const job =
      this.deps.databaseKind === 'postgres'
        ? await this.deps.db.transaction(async (tx) => {
            await repo.lockCourseJobs(tx, courseId);
            return start();
          })
        : await start();
    return this.present(job);
  }

  private unfinished(courseId: number) {
    return this.deps.jobs.latest(coursePacksJob, {
      singletonKey: courseKey(courseId),
      states: ['queued', 'retry', 'running'],
    });
  }

  /**
   * Expires finished zips: every one but the newest of its course, and any finished more than
   * PACK_RETENTION_MS before `now`. The job's result first stops naming the file (only if no
   * other server changed it meanwhile), then the file goes. Answers how many expired.
   */
  async expireOldPacks(now = new Date()): Promise<number> {
    const cutoff = now.getTime() - PACK_RETENTION_MS;
    const newest = new Set<number>();
    let expired = 0;
    // Newest first: the first zip seen of a course is the one that stays (unless aged).
    for (const job of await this.deps.jobs.completed(coursePacksJob)) {
      const parsed = packResultSchema.safeParse(job.result);
      const courseId = coursePacksJob.payload.safeParse(job.data).data?.courseId;
      if (!parsed.success || courseId === undefined || !parsed.data.fileKey || parsed.data.expired) continue;
      const result = parsed.data;
      const superseded = newest.has(courseId);
      newest.add(courseId);
      const aged = (job.completedOn?.getTime() ?? 0) <= cutoff;
      if (!aged && !superseded) continue;
      const replaced: PackResult = { ...result, fileKey: null, expired: aged ? PACK_EXPIRED : PACK_SUPERSEDED };
      if (!(await this.deps.jobs.replaceResult(coursePacksJob, job.id, job.result, replaced))) continue;
      expired += 1;
      await this.deps.storage
        .delete(result.fileKey as string)
        .catch((error) =>
          this.deps.log.warn({ err: error, key: result.fileKey }, 'could not delete an expired report zip'),
        );
    }
    return expired;
  }

  /** The worker: every enrolled student's pack into one zip in the store, streamed as it is made. */
  async makeCoursePacks(
    payload: { courseId: number },
    job: { id: string; signal: AbortSignal; progress: (progress: { done: number; total: number }) => Promise<void> },
  ): Promise<PackResult> {
    const { db, storage, log } = this.deps;
    const students = await views.enrolledStudents(db, payload.courseId);
    const key = `reports/course-${payload.courseId}-job-${job.id}.zip`;
    let upload: Promise<void> | undefined;
    try {
      await job.progress({ done: 0, total: students.length });
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
        job.signal.throwIfAborted();
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
        if (done % PROGRESS_EVERY === 0) await job.progress({ done, total: students.length });
        // Nothing holds the whole zip: the worker waits while the store is behind by more than a few MB.
        while (added - stored > ZIP_AHEAD_BYTES && storeFailed === undefined) await sleep(5);
        if (storeFailed !== undefined) throw storeFailed;
      }
      job.signal.throwIfAborted();
      zip.end();
      await upload;
      return { fileKey: key, done, total: students.length, summary: `${done} report pack(s) zipped` };
    } catch (error) {
      log.warn({ err: error, jobId: job.id }, 'report packs job failed');
      await upload?.catch(() => undefined);
      await storage.delete(key).catch(() => undefined);
      // A stop or a time-out keeps the queue's reason (the signal's); anything else is said plainly.
      throw job.signal.aborted ? job.signal.reason : new Error(FAILED);
    }
  }

  /** For tests and the bench: resolves once every job this process is running has ended. */
  async idle(): Promise<void> {
    await this.deps.jobs.idle();
  }
}
