import type { ReportJob } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { accounts, enrollments, exams, resources, submissions, watchTime } from '../db/schema.js';
import { expectStatus, useTestApp } from './harness.js';

/**
 * The course zip's cost, printed (not a test of the suite: it runs only with BENCH_REPORT_PACKS=1,
 * size BENCH_STUDENTS, default 300):
 *   BENCH_REPORT_PACKS=1 npx vitest run --project api apps/server/src/test/report-packs.bench.api.test.ts
 * Each student has 5 lectures watched twice (played parts), 3 exam codes with MCQ and PART II marks
 * and feedback: a pack of one to two pages.
 */
const students = Number(process.env.BENCH_STUDENTS ?? 300);

describe.skipIf(!process.env.BENCH_REPORT_PACKS)('report packs bench', () => {
  const t = useTestApp();

  it(`zips ${students} students' packs`, { timeout: 30 * 60_000 }, async () => {
    const owner = await t.login('ROLE_SUPERADMIN');
    const { db } = t.database;
    const course = await t.createCourse(owner.headers, 'Organic Chemistry 2026');
    const rows = Array.from({ length: students }, (_, i) => ({
      username: `bench-student-${String(i).padStart(5, '0')}`,
      name: `Student ${i}`,
      passwordHash: 'x',
      role: 'ROLE_STUDENT' as const,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const made = await db
        .insert(accounts)
        .values(rows.slice(i, i + 1000))
        .returning({ id: accounts.id });
      ids.push(...made.map((row) => row.id));
    }
    await db.insert(enrollments).values(ids.map((studentId) => ({ courseId: course.id, studentId })));
    const lectures = await db
      .insert(resources)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          courseId: course.id,
          name: `Lecture ${i + 1}: reaction mechanisms`,
          type: 'link',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          duration: 3600,
          liveAt: new Date(),
          recordingAt: new Date(),
        })),
      )
      .returning({ id: resources.id, name: resources.name });
    const papers: { id: number; examType: 'MCQ' | 'TRADITIONAL' }[] = [];
    for (let n = 0; n < 3; n += 1) {
      for (const examType of ['MCQ', 'TRADITIONAL'] as const) {
        const [exam] = await db
          .insert(exams)
          .values({
            courseId: course.id,
            title: `Term ${n + 1} ${examType === 'MCQ' ? 'Paper I' : 'Paper II'}`,
            description: '',
            dueDate: new Date(),
            examType,
            examIdentifier: `BENCH_T${n + 1}`,
          })
          .returning({ id: exams.id, examType: exams.examType });
        papers.push(exam as { id: number; examType: 'MCQ' | 'TRADITIONAL' });
      }
    }
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      await db.insert(watchTime).values(
        chunk.flatMap((studentId) =>
          lectures.flatMap((lecture) => [
            {
              studentId,
              resourceId: lecture.id,
              videoName: lecture.name,
              watchedDuration: 1200,
              segments: [[0, 1200]] as [number, number][],
            },
            {
              studentId,
              resourceId: lecture.id,
              videoName: lecture.name,
              watchedDuration: 900,
              segments: [[1000, 1900]] as [number, number][],
            },
          ]),
        ),
      );
      await db.insert(submissions).values(
        chunk.flatMap((studentId) =>
          papers.map((paper) =>
            paper.examType === 'MCQ'
              ? { examId: paper.id, studentId, mcqScore: 36 }
              : {
                  examId: paper.id,
                  studentId,
                  traditionalScore: 64,
                  instructorFeedback:
                    'Good structure; revise the nucleophilic substitution mechanisms and balance every equation.',
                },
          ),
        ),
      );
    }

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const job = expectStatus<ReportJob>(
      await t.call('POST', `/api/courses/${course.id}/report-packs`, owner.headers),
      202,
    );
    await t.app.reports.idle();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const done = expectStatus<ReportJob>(await t.call('GET', `/api/report-jobs/${job.id}`, owner.headers), 200);
    expect(done).toMatchObject({ status: 'done', done: students, total: students });
    const zip = await t.app.inject({ method: 'GET', url: done.downloadUrl as string });
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `report packs: ${students} students in ${seconds.toFixed(1)} s (${((seconds * 1000) / students).toFixed(1)} ms each), ` +
        `zip ${mb(zip.rawPayload.length)}, RSS ${mb(rssBefore)} -> peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}) ` +
        `on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
  });
});
