import { type Annotation, MARKING_LIMITS, type Submission } from '@valence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfWorker, configurePdfWorker } from '../../lib/pdf-worker.js';
import { createExam, enrol, examAction } from '../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { pageContent, scriptPdf } from '../../test/scripts.js';
import { grade, SUBMISSIONS, uploadAnswer } from '../../test/submissions.js';
import { PAPER_NOT_DRAWN, RENDERED_PREFIX } from './marked-paper.js';

/**
 * The marked paper drawn from the most user text and the biggest strokes the limits allow: it is
 * drawn off the server's thread (health keeps answering), every allowed stroke is drawn, and a
 * drawing that fails is said, not passed over.
 */
const t = useTestApp();
let tutor: Login;
let scriptIds: number[];

const annotationsUrl = (id: number) => `${SUBMISSIONS}/${id}/annotations`;
let examId: number;
const submissionOf = async (id: number) =>
  expectStatus<Submission[]>(await t.call('GET', `${SUBMISSIONS}/exam/${examId}`, tutor.headers), 200).find(
    (row) => row.id === id,
  );

/** A deterministic zigzag of random points. */
function randomPoints(count: number, seed: number): [number, number][] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return Math.round((s / 0x7fffffff) * 1e4) / 1e4;
  };
  return Array.from({ length: count }, () => [next(), next()]);
}

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'drawing-tutor');
  const courseId = (await t.createCourse(tutor.headers, 'Inorganic chemistry')).id;
  const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: '2030-12-01T10:00' });
  await examAction(t, tutor.headers, exam.id);
  examId = exam.id;
  const pdf = await scriptPdf(2, 595, 842);
  scriptIds = [];
  for (let i = 0; i < 3; i++) {
    const pupil = await t.login('ROLE_STUDENT', `drawing-pupil${i}`);
    await enrol(t, tutor.headers, courseId, pupil.id);
    const answer = await uploadAnswer(t, pupil.headers, exam.id, { bytes: pdf, name: 'script.pdf' });
    scriptIds.push(expectStatus<Submission>(answer, 201).id);
  }
});

afterAll(() => configurePdfWorker({ timeLimitMs: 60_000 }));

describe('drawing the marked paper', () => {
  it('keeps /api/health answering while the worst text the limits allow is drawn', async () => {
    const id = scriptIds[0] as number;
    // As many comments of one long word each as the 1 MB body takes, on both pages.
    const items: Annotation[] = Array.from({ length: MARKING_LIMITS.annotationsPerScript }, (_, i) => ({
      page: 1 + (i % 2),
      kind: 'text',
      x: (i % 10) / 10,
      y: (i % 37) / 37,
      text: 'W'.repeat(440),
    }));
    expectStatus(await t.call('PUT', annotationsUrl(id), tutor.headers, { items }), 200);

    const feedback = 'W'.repeat(10_000);
    // The same drawing on this thread, for scale: what every health call would wait for if the
    // server drew the paper on its own thread.
    const { renderMarkedPaper } = await import('./render-marked-paper.js');
    const script = await scriptPdf(2, 595, 842);
    const before = performance.now();
    await renderMarkedPaper({
      script,
      kind: 'pdf',
      annotations: items,
      total: 64,
      scheme: [],
      questionMarks: null,
      feedback,
    });
    const onThisThread = performance.now() - before;

    const latencies: number[] = [];
    const answeredAt: number[] = [];
    const started = performance.now();
    let graded = false;
    const grading = grade(t, tutor.headers, id, { traditionalScore: '64', instructorFeedback: feedback }).then(
      (answer) => {
        graded = true;
        return { answer, ms: performance.now() - started };
      },
    );
    while (!graded) {
      const asked = performance.now();
      expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
      latencies.push(performance.now() - asked);
      answeredAt.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { answer, ms } = await grading;
    const paper = expectStatus<Submission>(answer, 200);
    expect(paper.markedPaperPath).toMatch(new RegExp(`^${RENDERED_PREFIX}`));
    // The longest the server went without answering health, from the grade's start to its answer.
    const marks = [0, ...answeredAt.filter((at) => at < ms), ms];
    const longestSilence = Math.max(...marks.slice(1).map((at, i) => at - (marks[i] ?? 0)));
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
    console.log(
      `worst text drawn on the test's thread: ${Math.round(onThisThread)} ms; the grade: ${Math.round(ms)} ms, ` +
        `/api/health answered ${latencies.length} times meanwhile: median ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
        `slowest ${Math.max(...latencies).toFixed(1)} ms; longest silence ${Math.round(longestSilence)} ms`,
    );
    // Drawn on the server's thread, health would go unanswered for the whole drawing.
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(longestSilence).toBeLessThan(onThisThread / 2);
  });

  it('draws a stroke of 4,000 random points, the most a stroke may have', async () => {
    const id = scriptIds[1] as number;
    const points = randomPoints(MARKING_LIMITS.pointsPerStroke, 11);
    const items: Annotation[] = [{ page: 1, kind: 'pen', x: points[0]?.[0] ?? 0, y: points[0]?.[1] ?? 0, points }];
    expectStatus(await t.call('PUT', annotationsUrl(id), tutor.headers, { items }), 200);
    const graded = expectStatus<Submission>(await grade(t, tutor.headers, id, { traditionalScore: '55' }), 200);
    expect(graded.markedPaperPath).toMatch(new RegExp(`^${RENDERED_PREFIX}`));
    const paper = await t.storage.get(graded.markedPaperPath as string);
    const bytes = Buffer.concat(await paper.stream.toArray());
    // One filled path of thousands of segments.
    const content = await pageContent(bytes, 0);
    const segments = content.match(/ l\n/g)?.length ?? 0;
    expect(segments).toBeGreaterThan(MARKING_LIMITS.pointsPerStroke);
  });

  it('says when the paper could not be drawn, keeps the mark as it was, and draws it on the next save', async () => {
    const id = scriptIds[2] as number;
    const items: Annotation[] = [{ page: 1, kind: 'tick', x: 0.5, y: 0.5 }];
    expectStatus(await t.call('PUT', annotationsUrl(id), tutor.headers, { items }), 200);
    const first = expectStatus<Submission>(await grade(t, tutor.headers, id, { traditionalScore: '40' }), 200);
    // A new thread takes far longer than 1 ms to start: the drawing is stopped at its time limit.
    await closePdfWorker();
    configurePdfWorker({ timeLimitMs: 1 });
    try {
      expectMessage(await grade(t, tutor.headers, id, { traditionalScore: '70' }), 503, PAPER_NOT_DRAWN);
    } finally {
      configurePdfWorker({ timeLimitMs: 60_000 });
    }
    const kept = await submissionOf(id);
    expect(kept?.traditionalScore).toBe(40);
    expect(kept?.markedPaperPath).toBe(first.markedPaperPath);
    const retried = expectStatus<Submission>(await grade(t, tutor.headers, id, { traditionalScore: '70' }), 200);
    expect(retried.traditionalScore).toBe(70);
    expect(retried.markedPaperPath).toMatch(new RegExp(`^${RENDERED_PREFIX}`));
    expect(retried.markedPaperPath).not.toBe(first.markedPaperPath);
  });
});
