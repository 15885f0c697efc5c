import type { Exam, NextScript, StudioOpening, StudioScript, Submission } from '@valence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExam, EXAMS, enrol, examAction } from '../../test/exams.js';
import { expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { scriptPdf } from '../../test/scripts.js';
import { countStatements, type StatementLog } from '../../test/statements.js';
import { grade, SUBMISSIONS, uploadAnswer } from '../../test/submissions.js';

/** The statements the marking path sends to the database: each is a round trip. */
const t = useTestApp();
const SCHEME = [
  { label: 'Q1', maxMarks: 40 },
  { label: 'Q2', maxMarks: 60 },
];
let tutor: Login;
let exam: Exam;
let other: Exam;
/** The exam's scripts in the list's order (newest first). */
let scripts: Submission[];
let log: StatementLog;

const open = (query = '', examId = exam.id) => t.call('POST', `${EXAMS}/${examId}/marking/open${query}`, tutor.headers);
/** Runs `step` and answers how many statements it sent. */
async function statementsOf(step: () => Promise<unknown>): Promise<number> {
  log.reset();
  await log.during(step);
  return log.texts.length;
}

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  const courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  const partTwo = { examType: 'TRADITIONAL', dueDate: '2030-12-01T10:00', markScheme: SCHEME };
  exam = await createExam(t, tutor.headers, courseId, partTwo);
  other = await createExam(t, tutor.headers, courseId, partTwo);
  for (const one of [exam, other]) await examAction(t, tutor.headers, one.id);
  const pdf = await scriptPdf(2);
  for (let i = 0; i < 4; i++) {
    const pupil = await t.login('ROLE_STUDENT', `pupil${i}`);
    await enrol(t, tutor.headers, courseId, pupil.id);
    expect((await uploadAnswer(t, pupil.headers, exam.id, { bytes: pdf, name: 'script.pdf' })).statusCode).toBe(201);
  }
  scripts = expectStatus<Submission[]>(await t.call('GET', `${SUBMISSIONS}/exam/${exam.id}`, tutor.headers), 200);
  log = countStatements(t.database);
});

describe('a mark', () => {
  it('is saved in four statements, If-Match or not, a marked paper drawn or not', async () => {
    const [first, second] = scripts as [Submission, Submission];
    let answer: Awaited<ReturnType<typeof grade>> | undefined;
    expect(
      await statementsOf(async () => {
        answer = await grade(t, tutor.headers, first.id, { traditionalScore: '55', instructorFeedback: 'Good' });
      }),
    ).toBe(4);
    const saved = expectStatus<Submission>(answer as NonNullable<typeof answer>, 200);
    expect(saved).toMatchObject({ id: first.id, traditionalScore: 55, instructorFeedback: 'Good' });
    expect(log.texts.filter((text) => /^select/i.test(text))).toHaveLength(1);

    // With marks per question the paper is drawn (from the same read), and If-Match is checked on it.
    const form = { questionMarks: '[20,30.5]', instructorFeedback: 'Better' };
    const withVersion = (headers: Record<string, string>) =>
      t.call('GET', `${SUBMISSIONS}/${second.id}/script`, headers).then((r) => r.json() as StudioScript);
    const { version } = await withVersion(tutor.headers);
    const headers = { ...tutor.headers, 'if-match': `"${version}"` };
    expect(
      await statementsOf(async () => {
        answer = await grade(t, headers, second.id, form);
      }),
    ).toBe(4);
    expect(expectStatus<Submission>(answer as NonNullable<typeof answer>, 200)).toMatchObject({
      traditionalScore: 50.5,
      markedPaperPath: expect.stringMatching(/^marked\/rendered\//),
    });
    // The same If-Match again is stale: refused after the one read.
    expect(
      await statementsOf(async () => {
        answer = await grade(t, headers, second.id, form);
      }),
    ).toBe(1);
    expect((answer as NonNullable<typeof answer>).statusCode).toBe(409);
  });
});

describe('marks saved at once', () => {
  it('from one version: one is saved, the others refused; without If-Match each is saved in turn', async () => {
    const id = (scripts[1] as Submission).id;
    const read = async () =>
      expectStatus<StudioScript>(await t.call('GET', `${SUBMISSIONS}/${id}/script`, tutor.headers), 200);
    const { version } = await read();
    const headers = { ...tutor.headers, 'if-match': `"${version}"` };
    const racing = await Promise.all(
      [61, 62, 63, 64, 65].map((score) => grade(t, headers, id, { traditionalScore: String(score) })),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await read();
    expect(after.version).toBe(version + 1);
    const all = await Promise.all(
      [71, 72, 73, 74, 75].map((score) => grade(t, tutor.headers, id, { traditionalScore: String(score) })),
    );
    expect(all.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await read()).version).toBe(version + 6);
  });
});

describe('the studio', () => {
  it('opens with one call: the overview and the script asked for with its annotations, in two statements', async () => {
    const [first] = scripts as [Submission];
    let opening: StudioOpening | undefined;
    expect(
      await statementsOf(async () => {
        opening = expectStatus<StudioOpening>(await open(`?script=${first.id}`), 200);
      }),
    ).toBe(2);
    expect(opening?.overview).toMatchObject({ examId: exam.id, total: 4, marked: 2, markScheme: SCHEME });
    expect(opening?.script).toMatchObject({ id: first.id, traditionalScore: 55, previousId: null });
    expect(opening?.script?.nextId).toBe(scripts[1]?.id);
    expect(opening?.annotations).toEqual({
      items: [],
      updatedAt: null,
      updatedBy: null,
      version: opening?.script?.version,
    });
    const script = expectStatus<StudioScript>(
      await t.call('GET', `${SUBMISSIONS}/${first.id}/script`, tutor.headers),
      200,
    );
    expect(opening?.script).toEqual({ ...script, scriptUrl: expect.any(String), markedPaperUrl: null });
    // A script of another exam is not this studio's.
    expect((await open(`?script=${first.id}`, other.id)).statusCode).toBe(404);
  });

  it('opens without a script on the next unmarked one, claimed, as "next" would', async () => {
    const third = scripts[2] as Submission;
    let opening: StudioOpening | undefined;
    const count = await statementsOf(async () => {
      opening = expectStatus<StudioOpening>(await open(), 200);
    });
    expect(opening?.script?.id).toBe(third.id);
    expect(count).toBeLessThanOrEqual(6);
    // Claimed: "next" from the top gives this tutor the script they hold.
    const next = expectStatus<NextScript>(await t.call('POST', `${EXAMS}/${exam.id}/marking/next`, tutor.headers), 200);
    expect(next).toEqual({ submissionId: third.id, total: 4, marked: 2 });
  });

  it('"Save and next" is the grade and one opening call after it', async () => {
    const third = scripts[2] as Submission;
    const count = await statementsOf(async () => {
      expect((await grade(t, tutor.headers, third.id, { questionMarks: '[10,10]' })).statusCode).toBe(200);
      const opening = expectStatus<StudioOpening>(await open(`?after=${third.id}`), 200);
      expect(opening).toMatchObject({ script: { id: scripts[3]?.id }, overview: { total: 4, marked: 3 } });
    });
    // 4 for the mark; 1 overview, 4 to pick and claim the next script, 1 to read it with its annotations.
    expect(count).toBeLessThanOrEqual(10);
  });
});
