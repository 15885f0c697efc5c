import type { Exam, StudentExam } from '@valence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExam, enrol, examAction } from '../../test/exams.js';
import { type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE } from '../../test/multipart.js';
import { grade, uploadAnswer } from '../../test/submissions.js';

const t = useTestApp();
const FUTURE = '2030-12-01T10:00';
let tutor: Login;
let nimali: Login;
let kasun: Login;
let partTwo: Exam;

const myExam = async (who: Login, examId = partTwo.id): Promise<StudentExam> => {
  const answer = await t.call('GET', `/api/me/exams/${examId}`, who.headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
/** The signed link as the app follows it: path and query only, with no sign-in. */
const follow = (url: string) => t.call('GET', url.replace(/^https?:\/\/[^/]+/, ''));

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  nimali = await t.login('ROLE_STUDENT', 'nimali');
  kasun = await t.login('ROLE_STUDENT', 'kasun');
  const course = await t.createCourse(tutor.headers, 'Physical chemistry');
  await enrol(t, tutor.headers, course.id, nimali.id);
  await enrol(t, tutor.headers, course.id, kasun.id);
  partTwo = await createExam(t, tutor.headers, course.id, { examType: 'TRADITIONAL', dueDate: FUTURE });
  await examAction(t, tutor.headers, partTwo.id);
});

describe('GET /me/exams/{examId}: the student’s own handed-in answer', () => {
  it('gives a signed link to the student’s own script only, and says once it is marked', async () => {
    expect(await myExam(nimali)).toMatchObject({ submitted: false, marked: false, answerUrl: null });

    const handedIn = await uploadAnswer(t, nimali.headers, partTwo.id, { bytes: SAMPLE.png, name: 'page.png' });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    const mine = await myExam(nimali);
    expect(mine).toMatchObject({ submitted: true, marked: false });
    expect(mine.answerUrl).toMatch(/nimali_.*_answer\.png/);
    const file = await follow(mine.answerUrl as string);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE.png)).toBe(true);

    // A classmate of the same exam sees no link, neither theirs (none handed in) nor nimali's.
    const theirs = await myExam(kasun);
    expect(theirs).toMatchObject({ submitted: false, marked: false, answerUrl: null });
    expect(JSON.stringify(theirs)).not.toContain('nimali');

    // Once kasun hands in, his link is his own file, not nimali's.
    await uploadAnswer(t, kasun.headers, partTwo.id);
    const his = await myExam(kasun);
    expect(his.answerUrl).toMatch(/kasun_.*_answer\.pdf/);
    expect((await follow(his.answerUrl as string)).rawPayload.equals(SAMPLE.png)).toBe(false);

    // Marked (even before the marks are published): no replacing, which the app shows before an upload.
    const submissionId = handedIn.json().id as number;
    expect((await grade(t, tutor.headers, submissionId, { traditionalScore: '64' })).statusCode).toBe(200);
    const marked = await myExam(nimali);
    expect(marked).toMatchObject({ marked: true });
    // The mark itself stays hidden until published: no value of the answer is it (the signed link's
    // signature may hold the digits 64 by chance).
    expect(Object.values(marked)).not.toContain(64);
    expect(Object.keys(marked).filter((key) => /score/i.test(key))).toEqual([]);
    expect((await myExam(kasun)).marked).toBe(false);
  });
});
