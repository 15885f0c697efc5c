import type { Exam } from '@valence/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, submissions } from '../../db/schema.js';
import { createExam, EXAMS } from '../../test/exams.js';
import { type Login, useTestApp } from '../../test/harness.js';
import { grade, insertSubmission, SUBMISSIONS } from '../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
let partTwo: Exam;
let mcq: Exam;

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'counter');
  courseId = (await t.createCourse(tutor.headers, 'Kept counts')).id;
  partTwo = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL' });
  mcq = await createExam(t, tutor.headers, courseId);
});

/** What the exam list says, and what counting the table says. */
async function counts(examId: number) {
  const listed = (await t.call('GET', `${EXAMS}/course/${courseId}/all`, tutor.headers)).json() as Exam[];
  const exam = listed.find((e) => e.id === examId) as Exam;
  const [all] = await t.database.db.select({ n: count() }).from(submissions).where(eq(submissions.examId, examId));
  const [unmarked] = await t.database.db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.examId, examId), isNull(submissions.traditionalScore)));
  const page = (await t.call('GET', `${SUBMISSIONS}/exam/${examId}?limit=1`, tutor.headers)).json();
  return {
    listed: [exam.submissionCount, exam.unmarkedCount],
    counted: [all?.n, examId === partTwo.id ? unmarked?.n : 0],
    pageTotal: page.total,
  };
}

const student = async (username: string) =>
  (
    await t.database.db
      .insert(accounts)
      .values({ username, passwordHash: 'x', role: 'ROLE_STUDENT' })
      .returning({ id: accounts.id })
  )[0]?.id as number;

describe('the exam counts kept beside the scripts', () => {
  it('follow every hand-in, mark, unmark and removal, without recounting', async () => {
    const ids = await Promise.all(['c.one', 'c.two', 'c.three', 'c.four', 'c.five'].map(student));
    const scripts = await Promise.all(ids.slice(0, 4).map((id) => insertSubmission(t, partTwo.id, id)));
    await insertSubmission(t, mcq.id, ids[4] as number);
    expect(await counts(partTwo.id)).toEqual({ listed: [4, 4], counted: [4, 4], pageTotal: 4 });
    expect(await counts(mcq.id)).toEqual({ listed: [1, 0], counted: [1, 0], pageTotal: 1 });

    expect((await grade(t, tutor.headers, scripts[0] as number, { traditionalScore: '72.5' })).statusCode).toBe(200);
    expect((await grade(t, tutor.headers, scripts[1] as number, { traditionalScore: '40' })).statusCode).toBe(200);
    // A changed mark is still a mark; an emptied one makes the script unmarked again.
    expect((await grade(t, tutor.headers, scripts[0] as number, { traditionalScore: '80' })).statusCode).toBe(200);
    expect((await grade(t, tutor.headers, scripts[1] as number, { traditionalScore: '' })).statusCode).toBe(200);
    expect(await counts(partTwo.id)).toEqual({ listed: [4, 3], counted: [4, 3], pageTotal: 4 });

    // A student removed takes their scripts (a cascade), and the counts with them.
    await t.database.db.delete(accounts).where(eq(accounts.id, ids[0] as number));
    await t.database.db.delete(accounts).where(eq(accounts.id, ids[2] as number));
    expect(await counts(partTwo.id)).toEqual({ listed: [2, 2], counted: [2, 2], pageTotal: 2 });
  });

  it('move only when the transaction that changed the scripts commits', async () => {
    const id = await student('c.rolled');
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(submissions).values({ examId: partTwo.id, studentId: id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const before = await counts(partTwo.id);
    expect(before.listed).toEqual(before.counted);
    await insertSubmission(t, partTwo.id, id, { traditionalScore: 55 });
    expect(await counts(partTwo.id)).toEqual({
      listed: [(before.listed[0] ?? 0) + 1, before.listed[1]],
      counted: [(before.counted[0] ?? 0) + 1, before.counted[1]],
      pageTotal: (before.pageTotal as number) + 1,
    });
  });
});
