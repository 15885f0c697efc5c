import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMcqQuestions,
  adminToken,
  api,
  baseURL,
  createExam,
  enrolNewStudent,
  launchBrowser,
  signInAsAdmin,
  tokenFor,
} from './support.js';

let browser: Browser;
let examId: number;
const stamp = Date.now().toString(36);

/** Three students sit a two-question paper: all get question 1 right, one gets question 2 right. */
beforeAll(async () => {
  browser = await launchBrowser();
  const staff = await adminToken();
  const course = await api<{ id: number }>('/courses', {
    token: staff,
    body: { title: `Item analysis ${stamp}`, description: 'Acids and bases' },
  });
  examId = (
    await createExam(staff, {
      courseId: course.id,
      title: 'Acids quiz',
      description: 'Two questions',
      dueDate: '2099-12-01T10:00',
      examType: 'MCQ',
      examIdentifier: `ITEMS_${stamp}`.toUpperCase(),
    })
  ).id;
  const saved = await addMcqQuestions(
    staff,
    examId,
    ['Which is \\ce{H2SO4}?', 'The pH of 0.01 M \\ce{HCl}?'].map((questionText) => ({
      questionText,
      options: ['A', 'B', 'C', 'D', 'E'].map((optionText, o) => ({ optionText, isCorrect: o === 0 })),
    })),
  );
  await api(`/api/v1/exams/${examId}/publish`, { token: staff, method: 'POST' });
  const [q1, q2] = saved as [(typeof saved)[number], (typeof saved)[number]];
  for (const [i, secondChoice] of [0, 1, 2].entries()) {
    const student = { username: `items.${stamp}.${i}`, password: 'items-pass-1' };
    await enrolNewStudent(staff, course.id, student);
    const token = await tokenFor(student.username, student.password);
    const answers = [
      { questionId: q1.id, optionId: q1.options[0]?.id },
      { questionId: q2.id, optionId: q2.options[secondChoice]?.id },
    ];
    await api(`/api/v1/submissions/exam/${examId}/mcq`, { token, body: { answers } });
  }
}, 120_000);
afterAll(() => browser.close());

describe('item analysis', () => {
  it('shows facility and flags beside each question on Manage Questions, sortable by facility', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(page);
    await page.goto(`${baseURL()}/exams/${examId}/manage-questions`);
    await page.getByText(/^Sitters: 3 · Mean: 1\.33 of 2 · KR-20:/).waitFor();
    const first = page.getByRole('article', { name: 'Question 1' });
    const figures = first.getByRole('group', { name: 'Item analysis' });
    await figures.getByText('Facility 100%').waitFor();
    await figures.getByText('Too easy').waitFor();
    await figures.getByText('Unused distractor').waitFor();
    // The notation is still typeset beside the figures.
    await first.locator('.katex').first().waitFor();
    const second = page.getByRole('article', { name: 'Question 2' });
    await second.getByText('Facility 33%').waitFor();
    expect(await second.getByText('Too easy').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Facility, lowest first' });
    await expect
      .poll(() =>
        page.getByRole('article').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      )
      .toEqual(['Question 2', 'Question 1']);
    await page.close();
  });
});
