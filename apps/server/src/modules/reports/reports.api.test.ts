import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReportJob } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { accounts, submissions, watchTime } from '../../db/schema.js';
import { referencedKeys } from '../../ops/sweep-files.js';
import { SHUTDOWN_REASON } from '../../queue/job-queue.js';
import { createExam, enrol } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';
import { sendForm } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { queueSql } from '../../test/queue.js';
import { coursePacksJob, expirePacksJob, type PackResult } from './jobs.js';
import { PACK_EXPIRED, PACK_RETENTION_MS, PACK_SUPERSEDED, RESTARTED } from './service.js';

/** A real 1×1 PNG: pdf-lib must be able to draw it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The names and contents of a zip's entries. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  zip.readEntry();
  zip.on('entry', (entry: yauzl.Entry) => {
    zip.openReadStream(entry, async (error, stream) => {
      if (error) throw error;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries.set(entry.fileName, Buffer.concat(chunks));
      zip.readEntry();
    });
  });
  await once(zip, 'end');
  return entries;
}

describe('report packs', () => {
  const t = useTestApp();
  let owner: Login;
  let tutor: Login;
  let courseId: number;
  const usernames = ['amaya', 'bimal', 'chathu'];
  const ids: number[] = [];
  const code = `ORG${Date.now() % 100000}`;

  /**
   * A course's packs job put straight on the queue, as another server (or an earlier process) left
   * it: running since `startedAgo` ms, or completed `finishedAgo` ms ago with its result.
   */
  const putJob = async (
    courseId: number,
    state: { running: number } | { completed: number; result: PackResult },
  ): Promise<string> => {
    const running = 'running' in state;
    const { rows } = await queueSql(t.database)(
      `insert into pgboss.job (name, data, state, started_on, completed_on, output, singleton_key, policy, retry_limit)
       values ($1, $2::jsonb, $3::pgboss.job_state, now() - $4 * interval '1 millisecond',
               case when $3 = 'completed' then now() - $4 * interval '1 millisecond' end, $5::jsonb, $6, 'stately', 0)
       returning id::text as id`,
      [
        coursePacksJob.name,
        JSON.stringify({ courseId, requestedBy: null, total: running ? 3 : 0 }),
        running ? 'active' : 'completed',
        running ? state.running : state.completed,
        JSON.stringify(running ? { progress: { done: 1, total: 3, note: null } } : { result: state.result }),
        `course-${courseId}`,
      ],
    );
    return (rows[0] as { id: string }).id;
  };
  const courseJobIds = async (courseId: number) =>
    (
      (
        await queueSql(t.database)(
          `select id::text as id from pgboss.job where name = $1 and singleton_key = $2 order by created_on`,
          [coursePacksJob.name, `course-${courseId}`],
        )
      ).rows as { id: string }[]
    ).map((row) => row.id);

  beforeAll(async () => {
    [owner, tutor] = await Promise.all([t.login('ROLE_SUPERADMIN'), t.login('ROLE_ADMIN')]);
    expectStatus(
      await t.call('PUT', '/api/settings/institute', owner.headers, {
        name: 'Valence Institute',
        address: '12 Galle Road, Colombo 3',
        contact: '011 234 5678',
      }),
      200,
    );
    expectStatus(
      await sendForm(t, 'PUT', '/api/settings/institute/logo', owner.headers, { logo: { bytes: PNG } }),
      200,
    );
    courseId = (await t.createCourse(tutor.headers, 'Organic Chemistry')).id;
    for (const username of usernames) {
      const student = await t.createStudent(tutor.headers, username);
      ids.push(student.id);
      await enrol(t, tutor.headers, courseId, student.id);
    }
    const [amaya] = ids as [number];
    await t.database.db.update(accounts).set({ name: 'Amaya Perera' }).where(eq(accounts.id, amaya));

    // A 100-second lecture: played parts [0,30] and [20,50] (50 unique seconds) and an older record
    // of 10 seconds without parts: coverage (50 + 10) / 100 = 60%.
    const lecture = await addLecture(t, tutor.headers, {
      courseId,
      name: 'Alkenes',
      liveAt: daysFromNow(-1),
      duration: 100,
    });
    await t.database.db.insert(watchTime).values([
      { studentId: amaya, resourceId: lecture, videoName: 'Alkenes', watchedDuration: 30, segments: [[0, 30]] },
      { studentId: amaya, resourceId: lecture, videoName: 'Alkenes', watchedDuration: 30, segments: [[20, 50]] },
      { studentId: amaya, resourceId: lecture, videoName: 'Alkenes', watchedDuration: 10 },
    ]);

    // MCQ 40/50 and PART II 70/100 under one code: total 40 + 70/2 = 75.
    const mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: code, title: 'Paper I' });
    const partTwo = await createExam(t, tutor.headers, courseId, {
      examIdentifier: code,
      examType: 'TRADITIONAL',
      title: 'Paper II',
    });
    await t.database.db.insert(submissions).values([
      { examId: mcq.id, studentId: amaya, mcqScore: 40 },
      { examId: partTwo.id, studentId: amaya, traditionalScore: 70, instructorFeedback: 'Revise the mechanisms.' },
    ]);
  });

  it("makes one student's pack: institute header, name, courses, coverage, marks and feedback", async () => {
    const answer = await t.call('GET', `/api/students/${ids[0]}/report-pack.pdf`, tutor.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('report-pack-amaya.pdf');
    const text = await pdfText(answer.rawPayload);
    for (const expected of [
      'Valence Institute',
      '12 Galle Road, Colombo 3',
      'Student: Amaya Perera (amaya)',
      'Organic Chemistry',
      'Alkenes',
      '60%',
      code,
      'Paper I / Paper II',
      '40 / 50',
      '70 / 100',
      '75 / 100 *',
      'Revise the mechanisms.',
    ]) {
      expect(text).toContain(expected);
    }
    // The logo is drawn: the document holds an image.
    expect(answer.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect((await PDFDocument.load(answer.rawPayload)).getPageCount()).toBe(1);

    expectMessage(
      await t.call('GET', '/api/students/987654/report-pack.pdf', tutor.headers),
      404,
      'Student not found.',
    );
    expectMessage(
      await t.call('GET', `/api/students/${tutor.id}/report-pack.pdf`, tutor.headers),
      404,
      'Student not found.',
    );
  });

  it("zips every enrolled student's pack in a job that reaches done", async () => {
    const started = expectStatus<ReportJob>(
      await t.call('POST', `/api/courses/${courseId}/report-packs`, tutor.headers),
      202,
    );
    expect(started).toMatchObject({ courseId, total: 3, done: 0, downloadUrl: null });
    await t.app.reports.idle();
    const job = expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${started.id}`, tutor.headers), 200);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, error: null });
    const zip = await t.app.inject({ method: 'GET', url: job.downloadUrl as string });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['amaya.pdf', 'bimal.pdf', 'chathu.pdf']);
    expect(await pdfText(entries.get('bimal.pdf') as Buffer)).toContain('Student: bimal');
    // The zip is named by the job's result, so the sweep of stored files leaves it alone.
    const finished = await t.app.jobs.get(coursePacksJob, started.id);
    const { fileKey } = (finished as { result: PackResult }).result;
    expect(await referencedKeys(t.database.db)).toContain(fileKey);

    expectMessage(await t.call('POST', '/api/courses/987654/report-packs', tutor.headers), 404, 'Course not found.');
    expectMessage(
      await t.call('GET', '/api/report-jobs/00000000-0000-4000-8000-000000000000', tutor.headers),
      404,
      'Report job not found.',
    );
    expectMessage(await t.call('GET', '/api/report-jobs/987654', tutor.headers), 400, /jobId must be a job id/);
    // The job is on the queue's list too, finished with its summary.
    const listed = expectStatus<{ items: { id: string; state: string; resultSummary: string }[] }>(
      await t.call('GET', `/api/jobs?name=${coursePacksJob.name}&state=completed`, owner.headers),
      200,
    );
    expect(listed.items.find((item) => item.id === started.id)).toMatchObject({
      resultSummary: '3 report pack(s) zipped',
    });
  });

  it('fails a job left unfinished by a stopped server', async () => {
    // As the embedded server finds it at start: still marked running, its worker gone.
    const other = (await t.createCourse(tutor.headers, 'Analytical Chemistry')).id;
    const id = await putJob(other, { running: 20 * 60_000 });
    expect(expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${id}`, tutor.headers), 200)).toMatchObject({
      status: 'running',
      done: 1,
      total: 3,
    });
    await t.app.jobs.failAbandoned();
    const job = expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${id}`, tutor.headers), 200);
    expect(job).toMatchObject({ status: 'failed', error: RESTARTED, downloadUrl: null });
    expect((await t.app.jobs.get(coursePacksJob, id))?.failureReason).toBe(SHUTDOWN_REASON);
  });

  it('answers the running job to a second request for the same course instead of starting another', async () => {
    // A course without students: its job needs no PDF, so it ends as soon as its empty zip is stored.
    const other = (await t.createCourse(tutor.headers, 'Inorganic Chemistry')).id;
    // A job another server is still making: asked again, the course gets that job back.
    const running = await putJob(other, { running: 1000 });
    const again = expectStatus<ReportJob>(
      await t.call('POST', `/api/courses/${other}/report-packs`, tutor.headers),
      202,
    );
    expect(again).toMatchObject({ id: running, courseId: other, status: 'running', downloadUrl: null });
    await queueSql(t.database)(
      `update pgboss.job set state = 'failed', output = '{"message":"x"}' where id = $1::uuid`,
      [running],
    );

    // Two requests at once start one job between them.
    const both = await Promise.all(
      [1, 2].map(() => t.call('POST', `/api/courses/${other}/report-packs`, tutor.headers)),
    );
    const [first, second] = both.map((answer) => expectStatus<ReportJob>(answer, 202));
    expect(first?.id).not.toBe(running);
    expect(second?.id).toBe(first?.id);
    await t.app.reports.idle();
    expect((await courseJobIds(other)).sort()).toEqual([running, first?.id].sort());
    // Once it has ended, the next request starts a new one.
    const next = expectStatus<ReportJob>(
      await t.call('POST', `/api/courses/${other}/report-packs`, tutor.headers),
      202,
    );
    expect(next.id).not.toBe(first?.id);
    await t.app.reports.idle();
  });

  it('expires a zip once a newer one of the course is done, and any after the retention period', async () => {
    const course = (await t.createCourse(tutor.headers, 'Physical Chemistry')).id;
    /** A finished job and its zip in the store, as a worker leaves them, finished `ago` ms before now. */
    const finished = async (ago: number) => {
      const key = `reports/course-${course}-${ago}.zip`;
      await t.storage.put(key, Readable.from([Buffer.from('PK zip')]));
      const id = await putJob(course, {
        completed: ago,
        result: { fileKey: key, done: 0, total: 0, summary: 'zipped' },
      });
      return { id, key };
    };
    const older = await finished(2 * 3600_000);
    const newer = await finished(3600_000);
    const show = async (id: string) =>
      expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${id}`, tutor.headers), 200);

    // The periodic sweep, as the queue runs it: the older zip goes, the newer stays downloadable.
    await t.app.jobs.send(expirePacksJob, {});
    await t.app.jobs.drain(expirePacksJob);
    expect(await show(older.id)).toMatchObject({ status: 'expired', error: PACK_SUPERSEDED, downloadUrl: null });
    expect(await t.storage.stat(older.key)).toBeNull();
    const kept = await show(newer.id);
    expect(kept).toMatchObject({ status: 'done', error: null });
    expect((await t.app.inject({ method: 'GET', url: kept.downloadUrl as string })).statusCode).toBe(200);

    // By a clock moved on: kept until 24 hours after it finished, then gone.
    const hour = 3600_000;
    expect(await t.app.reports.expireOldPacks(new Date(Date.now() + PACK_RETENTION_MS - 2 * hour))).toBe(0);
    expect(await show(newer.id)).toMatchObject({ status: 'done' });
    expect(await t.app.reports.expireOldPacks(new Date(Date.now() + PACK_RETENTION_MS))).toBeGreaterThanOrEqual(1);
    expect(await show(newer.id)).toMatchObject({ status: 'expired', error: PACK_EXPIRED, downloadUrl: null });
    expect(await t.storage.stat(newer.key)).toBeNull();
  });
  it("names a course's zip after its title, words and script kept, with an ASCII fallback", async () => {
    const zipName = async (title: string) => {
      const course = (await t.createCourse(tutor.headers, title)).id;
      const key = `reports/course-${course}-named.zip`;
      await t.storage.put(key, Readable.from([Buffer.from('PK zip')]));
      const id = await putJob(course, { completed: 0, result: { fileKey: key, done: 0, total: 0, summary: 'zipped' } });
      const job = expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${id}`, tutor.headers), 200);
      const answer = await t.app.inject({ method: 'GET', url: job.downloadUrl as string });
      expect(answer.statusCode).toBe(200);
      return answer.headers['content-disposition'];
    };
    const full = 'report-packs-Acids & Bases- H2SO4 — 2026 A-L.zip';
    expect(await zipName('Acids & Bases: \\ce{H2SO4} — 2026 A/L')).toBe(
      `inline; filename="report-packs-Acids & Bases- H2SO4 - 2026 A-L.zip"; filename*=UTF-8''${encodeURIComponent(full)}`,
    );
    expect(await zipName('வேதியியல் 2026')).toBe(
      `inline; filename="report-packs-2026.zip"; filename*=UTF-8''${encodeURIComponent('report-packs-வேதியியல் 2026.zip')}`,
    );
  });
});
