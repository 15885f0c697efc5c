import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMcqQuestions,
  adminToken,
  api,
  aWeekAhead,
  baseURL,
  createExam,
  enrolNewStudent,
  launchBrowser,
  signInAsAdmin,
} from './support.js';

/**
 * A timed MCQ sat on a phone (360 px): a tutor sets a one-minute paper; the student starts it in
 * the app, answers one question and does nothing more; at zero the app hands the answer in by
 * itself, and staff see it scored in the portal's submissions.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let staff: string;
const stamp = Date.now().toString(36);
const student = { username: `timed.${stamp}`, password: 'timed-pass-1' };
let exam: { id: number };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await adminToken();
  const course = await api<{ id: number }>('/courses', {
    token: staff,
    body: { title: `Timed ${stamp}`, description: 'A timed paper' },
  });
  await enrolNewStudent(staff, course.id, student);

  exam = await createExam(staff, {
    courseId: course.id,
    title: 'One-minute paper',
    description: 'Answer what you can in a minute.',
    dueDate: aWeekAhead(),
    examType: 'MCQ',
    examIdentifier: `TIMED_${stamp}`.toUpperCase(),
    timeLimitMinutes: 1,
  });
  await addMcqQuestions(
    staff,
    exam.id,
    ['Which gas turns limewater milky?', 'Which metal is liquid at room temperature?'].map((text, q) => ({
      questionText: text,
      options: ['carbon dioxide', 'mercury', 'oxygen', 'sodium', 'argon'].map((optionText, o) => ({
        optionText: `${optionText} (${q + 1}.${o + 1})`,
        isCorrect: o === q,
      })),
    })),
  );
  await api(`/api/v1/exams/${exam.id}/publish`, { token: staff, method: 'POST' });

  context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  page = await context.newPage();
}, 120_000);
afterAll(() => browser.close());

const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a timed MCQ on a phone', () => {
  it('starts after one confirmation, with no paper before it', async () => {
    await page.goto(`${baseURL()}/learn/login`);
    await page.getByPlaceholder('Enter your username').fill(student.username);
    await page.getByPlaceholder('Enter your password').fill(student.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My courses' }).waitFor();
    await page.getByRole('link', { name: 'Exams', exact: true }).click();
    const card = page.getByRole('link', { name: /One-minute paper/ });
    await expect.poll(() => card.textContent()).toContain('MCQ · 1 min · Due');
    await card.click();

    await page.getByRole('button', { name: 'Start (1 min)' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('You will have 1 min. The clock does not stop once you start. Start now?')
      .waitFor();
    expect(await page.getByText('Which gas turns limewater milky?').count()).toBe(0);
    await page.getByRole('button', { name: 'Start now' }).click();

    await page.getByText('Which gas turns limewater milky?').waitFor();
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^Time left 0:[0-5]\d$|^Time left 1:00$/);
    await page.getByLabel('carbon dioxide (1.1)').check();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await noSideScroll()).toBe(true);
  });

  it('keeps the countdown in view while scrolling, warns in the last minute and hands in at zero', async () => {
    await page.mouse.wheel(0, 2_000);
    await page.getByText('Which metal is liquid at room temperature?').scrollIntoViewIfNeeded();
    expect(await page.getByRole('timer').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Less than 1 minute left.');

    // Nothing more is tapped: the app hands the one answer in when the time is up.
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 80_000 });
    expect(await noSideScroll()).toBe(true);
  }, 100_000);

  it('shows the hand-in, scored, in the portal’s submissions', async () => {
    const staffPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsAdmin(staffPage);
    await staffPage.goto(`${baseURL()}/exams/${exam.id}/submissions`);
    // One of two right: 25 of 50.
    await staffPage.getByText('25.00 / 50').waitFor();
    await staffPage.getByRole('button', { name: 'View Answers' }).click();
    await staffPage.getByRole('dialog', { name: 'MCQ Answers' }).getByText('1 of 2 correct').waitFor();
    await staffPage.close();
  });
});
