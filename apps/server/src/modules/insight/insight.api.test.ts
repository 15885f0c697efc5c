import { randomUUID } from 'node:crypto';
import type { CourseCoverage, ItemAnalysis, McqQuestion, StudentCoverage } from '@valence/contract';
import { EXAM_MESSAGES } from '@valence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchTime } from '../../db/schema.js';
import { addQuestion, createExam, EXAMS, enrol, question } from '../../test/exams.js';
import { type AuthHeaders, expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';
import { insertSubmission } from '../../test/submissions.js';

const t = useTestApp();
let staff: AuthHeaders;
let student: Login;

/** Each question's options in order: ids to answer with. */
const optionIds = (q: McqQuestion) => q.options.map((o) => o.id);

async function mcqPaper(courseId: number, correct: number[]) {
  const exam = await createExam(t, staff, courseId);
  const questions: McqQuestion[] = [];
  for (const [i, c] of correct.entries())
    questions.push(await addQuestion(t, staff, exam.id, question(`Q${i + 1}`, c)));
  return { examId: exam.id, questions };
}

/** Hands in, for each student, the option index chosen per question (null: left blank). */
async function sit(examId: number, questions: McqQuestion[], papers: (number | null)[][]) {
  for (const paper of papers) {
    const sitter = await t.login('ROLE_STUDENT');
    const answers = paper.flatMap((choice, i): [number, number][] => {
      const q = questions[i] as McqQuestion;
      return choice === null ? [] : [[q.id, optionIds(q)[choice] as number]];
    });
    await insertSubmission(t, examId, sitter.id, { answers });
  }
}

const analysis = async (examId: number) =>
  expectStatus<ItemAnalysis>(await t.call('GET', `${EXAMS}/${examId}/item-analysis`, staff), 200);

let courseId: number;
beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN')).headers;
  student = await t.login('ROLE_STUDENT');
  courseId = (await t.createCourse(staff, 'Physical chemistry')).id;
});

describe('GET /api/v1/exams/{examId}/item-analysis', () => {
  it('computes facility, point-biserial and KR-20 on a 4 × 3 paper as worked by hand', async () => {
    // Right answers: Q1 option 0, Q2 option 1, Q3 option 2. Scores (1 right):
    //   S1: 1 1 1 → 3    S2: 1 1 0 → 2    S3: 1 0 0 → 1    S4: blank paper → 0
    // n = 4, Σy = 6, Σy² = 14, mean 1.5, σ² = 14/4 − 1.5² = 1.25 (population), n·Σy² − (Σy)² = 20.
    // Q1: p = 3/4, Σxy = 3+2+1 = 6: r = (4·6 − 3·6) / √((4·3 − 9)·20) = 6/√60 = 0.774597
    // Q2: p = 2/4, Σxy = 5:           r = (20 − 12) / √((8 − 4)·20)   = 8/√80 = 0.894427
    // Q3: p = 1/4, Σxy = 3:           r = (12 − 6) / √((4 − 1)·20)    = 6/√60 = 0.774597
    // Σpq = 0.1875 + 0.25 + 0.1875 = 0.625; KR-20 = 3/2 · (1 − 0.625/1.25) = 0.75
    const { examId, questions } = await mcqPaper(courseId, [0, 1, 2]);
    await sit(examId, questions, [
      [0, 1, 2],
      [0, 1, 3],
      [0, 4, null],
      [null, null, null],
    ]);
    const body = await analysis(examId);
    expect(body).toMatchObject({
      examId,
      sitters: 4,
      questionCount: 3,
      mean: 1.5,
      discriminationMethod: 'point-biserial',
    });
    expect(body.kr20).toBeCloseTo(0.75, 10);
    expect(body.questions.map((q) => q.questionId)).toEqual(questions.map((q) => q.id));
    expect(body.questions.map((q) => q.facility)).toEqual([0.75, 0.5, 0.25]);
    const [r1, r2, r3] = body.questions.map((q) => q.discrimination as number);
    expect(r1).toBeCloseTo(6 / Math.sqrt(60), 10);
    expect(r2).toBeCloseTo(8 / Math.sqrt(80), 10);
    expect(r3).toBeCloseTo(6 / Math.sqrt(60), 10);
    // Q2's options: 0 by nobody, 1 by S1 and S2, 4 by S3; S4 left it blank (shares add to 3/4).
    const q2 = body.questions[1];
    expect(q2?.options).toEqual(
      optionIds(questions[1] as McqQuestion).map((optionId, i) => ({ optionId, share: [0, 0.5, 0, 0, 0.25][i] })),
    );
  });

  it('flags too easy, too hard, negative discrimination and a distractor nobody chose', async () => {
    // Five sitters, right answer option 0 everywhere except Q2 (option 1):
    //   Q1 everyone right (p = 1: too easy; r undefined: the item does not vary; options 1–4 unused)
    //   Q2 S1–S4 right, S5 blank (p = 0.8)
    //   Q3 S1–S4 choose options 1, 2, 3, 4, S5 right (p = 0.2 is not below 0.2; every distractor used)
    //   Q4 S1, S2 right (p = 0.4)      Q5 everyone option 2 (p = 0: too hard)
    // Totals: S1 3, S2 3, S3 2, S4 2, S5 2; Σy = 12, n·Σy² − (Σy)² = 150 − 144 = 6.
    // Q3: Σxy = 2 (S5): r = (5·2 − 1·12) / √((5 − 1)·6) = −2/√24 < 0 → negative discrimination.
    // Q2: r = (5·10 − 4·12)/√(4·6) = 2/√24; Q4: r = (5·6 − 2·12)/√(6·6) = 1.
    // σ² = 30/5 − 2.4² = 0.24; Σpq = 0 + .16 + .16 + .24 + 0 = .56; KR-20 = 5/4 · (1 − .56/.24) = −5/3.
    const { examId, questions } = await mcqPaper(courseId, [0, 1, 0, 0, 0]);
    await sit(examId, questions, [
      [0, 1, 1, 0, 2],
      [0, 1, 2, 0, 2],
      [0, 1, 3, 1, 2],
      [0, 1, 4, 1, 2],
      [0, null, 0, 1, 2],
    ]);
    const body = await analysis(examId);
    expect(body.mean).toBeCloseTo(2.4, 10);
    expect(body.kr20).toBeCloseTo(-5 / 3, 10);
    expect(body.questions.map((q) => q.facility)).toEqual([1, 0.8, 0.2, 0.4, 0]);
    expect(body.questions[0]?.discrimination).toBeNull();
    expect(body.questions[1]?.discrimination).toBeCloseTo(2 / Math.sqrt(24), 10);
    expect(body.questions[2]?.discrimination).toBeCloseTo(-2 / Math.sqrt(24), 10);
    expect(body.questions[3]?.discrimination).toBeCloseTo(1, 10);
    expect(body.questions[4]?.discrimination).toBeNull();
    expect(body.questions.map((q) => q.flags)).toEqual([
      ['too-easy', 'unused-distractor'],
      ['unused-distractor'],
      ['negative-discrimination'],
      ['unused-distractor'],
      ['too-hard', 'unused-distractor'],
    ]);
  });

  it('answers nulls where a figure is undefined: no sitters, one sitter', async () => {
    const { examId, questions } = await mcqPaper(courseId, [0, 0]);
    const empty = await analysis(examId);
    expect(empty).toMatchObject({ sitters: 0, mean: null, kr20: null });
    expect(empty.questions[0]).toMatchObject({ facility: null, discrimination: null, flags: [] });
    expect(empty.questions[0]?.options.every((o) => o.share === null)).toBe(true);
    await sit(examId, questions, [[0, 1]]);
    const one = await analysis(examId);
    expect(one).toMatchObject({ sitters: 1, mean: 1, kr20: null });
    expect(one.questions.map((q) => [q.facility, q.discrimination])).toEqual([
      [1, null],
      [0, null],
    ]);
  });

  it('refuses a PART II exam (400), an unknown exam (404) and a student (403)', async () => {
    const partTwo = await createExam(t, staff, courseId, { examType: 'TRADITIONAL' });
    expectMessage(await t.call('GET', `${EXAMS}/${partTwo.id}/item-analysis`, staff), 400, EXAM_MESSAGES.notMcq);
    expect((await t.call('GET', `${EXAMS}/987654/item-analysis`, staff)).statusCode).toBe(404);
    expect((await t.call('GET', `${EXAMS}/${partTwo.id}/item-analysis`, student.headers)).statusCode).toBe(403);
    expect((await t.call('GET', `${EXAMS}/${partTwo.id}/item-analysis`)).statusCode).toBe(401);
  });
});

describe('watch coverage', () => {
  let course: number;
  let lectureA: number;
  let lectureB: number;
  const s: Record<string, Login> = {};

  async function record(who: string, resourceId: number, segments: [number, number][] | null, watchedDuration: number) {
    await t.database.db.insert(watchTime).values({
      studentId: (s[who] as Login).id,
      resourceId,
      videoName: 'lecture',
      watchedDuration,
      ...(segments ? { segments, viewingKey: randomUUID(), position: 0 } : {}),
    });
  }

  beforeAll(async () => {
    course = (await t.createCourse(staff, 'Organic chemistry')).id;
    const liveAt = daysFromNow(-1);
    lectureA = await addLecture(t, staff, { courseId: course, name: 'Alkanes', liveAt, duration: 100 });
    lectureB = await addLecture(t, staff, {
      courseId: course,
      name: 'Alkenes',
      liveAt: daysFromNow(-0.5),
      duration: 200,
    });
    // A resource without a length (a handout) is no lecture.
    const handout = { key: `resources/${randomUUID()}-handout.pdf`, name: 'Handout', type: 'application/pdf' };
    await t.storeResource(course, { ...handout, bytes: Buffer.from('%PDF-1.4\n') });
    for (const name of ['cov-d', 'cov-a', 'cov-c', 'cov-b', 'cov-outsider'])
      s[name] = await t.login('ROLE_STUDENT', name);
    for (const name of ['cov-a', 'cov-b', 'cov-c', 'cov-d']) await enrol(t, staff, course, (s[name] as Login).id);
    // Lecture A (100 s): a played [0,30] and [20,50] in two viewings: union [0,50] = 0.5.
    await record('cov-a', lectureA, [[0, 30]], 30);
    await record('cov-a', lectureA, [[20, 50]], 30);
    // b played it all; c has one record from before segments: 40 s counts as 0.4; d never opened it.
    await record('cov-b', lectureA, [[0, 100]], 100);
    await record('cov-c', lectureA, null, 40);
    // Someone not enrolled does not count.
    await record('cov-outsider', lectureA, [[0, 100]], 100);
    // Lecture B (200 s): a played [0,10] and [5,20] (20 s) and has a 50 s legacy record: the larger, 50 s = 0.25.
    await record(
      'cov-a',
      lectureB,
      [
        [0, 10],
        [5, 20],
      ],
      20,
    );
    await record('cov-a', lectureB, null, 50);
  });

  const courseCoverage = async (query = '') =>
    expectStatus<CourseCoverage>(await t.call('GET', `/api/courses/${course}/watch-coverage${query}`, staff), 200);

  it('per lecture: openers, average coverage over overlapping segments and legacy records, drop-off, not watched', async () => {
    const body = await courseCoverage();
    expect(body.enrolled).toBe(4);
    expect(body.lectures.map((l) => [l.lectureId, l.title, l.length])).toEqual([
      [lectureA, 'Alkanes', 100],
      [lectureB, 'Alkenes', 200],
    ]);
    const [a, b] = body.lectures;
    // (0.5 + 1 + 0.4) / 3 openers
    expect(a).toMatchObject({ opened: 3, dropOffBase: 2, legacy: 1 });
    expect(a?.averageCoverage).toBeCloseTo(1.9 / 3, 10);
    // Points every 5 s; a covers 0–50 s (ends included), b all: 1 up to 50 s, then 1/2.
    expect(a?.dropOff).toEqual([...Array(11).fill(1), ...Array(10).fill(0.5)]);
    expect(a?.notWatched).toEqual({ total: 1, items: [{ id: s['cov-d']?.id, username: 'cov-d', name: null }] });
    expect(b).toMatchObject({ opened: 1, averageCoverage: 0.25, dropOffBase: 1, legacy: 1 });
    // Points every 10 s; a's segments cover 0–20 s.
    expect(b?.dropOff).toEqual([1, 1, 1, ...Array(18).fill(0)]);
    expect(b?.notWatched.total).toBe(3);
    expect(b?.notWatched.items.map((x) => x.username)).toEqual(['cov-b', 'cov-c', 'cov-d']);
  });

  it('caps the not-watched list at notWatchedLimit (0–100), keeping the total', async () => {
    const one = await courseCoverage('?notWatchedLimit=1');
    expect(one.lectures[1]?.notWatched).toEqual({ total: 3, items: [expect.objectContaining({ username: 'cov-b' })] });
    expect((await courseCoverage('?notWatchedLimit=0')).lectures[1]?.notWatched).toEqual({ total: 3, items: [] });
    const url = `/api/courses/${course}/watch-coverage`;
    expectMessage(await t.call('GET', `${url}?notWatchedLimit=101`, staff), 400, /notWatchedLimit must be at most 100/);
    expectMessage(
      await t.call('GET', `${url}?notWatchedLimit=-1`, staff),
      400,
      /notWatchedLimit must be a whole number/,
    );
    expectMessage(await t.call('GET', '/api/courses/987654/watch-coverage', staff), 404, 'Course not found.');
  });

  it("per student: each course's lectures with the student's coverage", async () => {
    const empty = (await t.createCourse(staff, 'Analytical chemistry')).id;
    await enrol(t, staff, empty, (s['cov-a'] as Login).id);
    const body = expectStatus<StudentCoverage>(
      await t.call('GET', `/api/students/${s['cov-a']?.id}/watch-coverage`, staff),
      200,
    );
    expect(body).toMatchObject({ studentId: s['cov-a']?.id, username: 'cov-a' });
    expect(body.courses).toEqual([
      { courseId: empty, title: 'Analytical chemistry', lectures: [] },
      {
        courseId: course,
        title: 'Organic chemistry',
        lectures: [
          { lectureId: lectureA, title: 'Alkanes', length: 100, opened: true, coverage: 0.5, legacy: false },
          { lectureId: lectureB, title: 'Alkenes', length: 200, opened: true, coverage: 0.25, legacy: true },
        ],
      },
    ]);
    const d = expectStatus<StudentCoverage>(
      await t.call('GET', `/api/students/${s['cov-d']?.id}/watch-coverage`, staff),
      200,
    );
    expect(d.courses[0]?.lectures.map((l) => [l.opened, l.coverage])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it('refuses a staff id (404), a student caller (403) and no token (401)', async () => {
    const tutor = await t.login('ROLE_ADMIN');
    expectMessage(await t.call('GET', `/api/students/${tutor.id}/watch-coverage`, staff), 404, 'Student not found.');
    expect((await t.call('GET', `/api/students/${student.id}/watch-coverage`, student.headers)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/courses/${course}/watch-coverage`, student.headers)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/courses/${course}/watch-coverage`)).statusCode).toBe(401);
  });
});
