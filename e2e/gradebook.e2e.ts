import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  apiForm,
  aWeekAhead,
  createExam,
  enrolNewStudent,
  launchBrowser,
  pageErrors,
  signInAsAdmin,
  tokenFor,
} from './support.js';

/**
 * The whole class at once: the gradebook sorted by a total, its CSV downloaded and read back, and
 * the audit log filtered to the publication this journey made.
 */
const stamp = Date.now().toString(36);
const identifier = `GB_${stamp.toUpperCase()}`;
// Named so that username order (the default) differs from total order.
const pupils = [`aa-gb-${stamp}`, `bb-gb-${stamp}`, `cc-gb-${stamp}`];

type Question = { id: number; options: { id: number; isCorrect: boolean }[] };

let browser: Browser;
let courseId: number;
let examId: number;

function questionForm(text: string) {
  const form = new FormData();
  const options = ['One', 'Two', 'Three', 'Four', 'Five'].map((optionText, i) => ({ optionText, isCorrect: i === 0 }));
  form.append('questionDTO', JSON.stringify({ questionText: text, options }));
  return form;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  courseId = (
    await api<{ id: number }>('/courses', { token, body: { title: `Gradebook ${stamp}`, description: 'Marks' } })
  ).id;
  examId = (
    await createExam(token, {
      courseId,
      title: 'Gradebook paper',
      description: 'Two questions',
      dueDate: aWeekAhead(),
      examType: 'MCQ',
      examIdentifier: identifier,
    })
  ).id;
  for (const text of ['First?', 'Second?'])
    await apiForm(`/api/v1/exams/${examId}/mcq-questions`, token, questionForm(text));
  await api(`/api/v1/exams/${examId}/publish`, { token, body: {} });
  const questions = await api<Question[]>(`/api/v1/exams/${examId}/mcq-questions`, { token });
  // aa: one right of two (25), bb: both right (50), cc: does not sit.
  for (const [index, username] of pupils.entries()) {
    await enrolNewStudent(token, courseId, { username, password: 'pupil-pw-1' });
    if (index === 2) continue;
    const answers = questions.map((question, i) => ({
      questionId: question.id,
      optionId: question.options.find((option) => option.isCorrect === (index === 1 || i === 0))?.id,
    }));
    await api(`/api/v1/submissions/exam/${examId}/mcq`, {
      token: await tokenFor(username, 'pupil-pw-1'),
      body: { answers },
    });
  }
});
afterAll(() => browser.close());

describe('gradebook', () => {
  it('sorts the class by total, downloads the CSV, and finds the publication in the audit log', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const origin = await signInAsAdmin(page);

    await page.goto(`${origin}/courses/${courseId}`);
    await page.getByRole('link', { name: 'Gradebook' }).click();
    await page.waitForURL(new RegExp(`/courses/${courseId}/gradebook`));
    const table = page.getByRole('table', { name: 'Gradebook' });
    const firstColumn = () => table.locator('tbody tr td:first-child').allTextContents();
    await table.getByText(pupils[2] as string).waitFor();
    expect(await firstColumn()).toEqual(pupils);

    await page.getByRole('button', { name: `Sort by ${identifier} Total` }).click();
    await page.waitForURL(/sort=-total/);
    await expect.poll(firstColumn).toEqual([pupils[1], pupils[0], pupils[2]]);
    await page.getByRole('img', { name: `${identifier}: combined totals: 20–29: 1, 50–59: 1` }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields?.[0]).toBe('username');
    expect(
      parsed.data.map((row) => [
        row.username,
        row[`${identifier} MCQ`],
        row[`${identifier} Total`],
        row[`${identifier} Status`],
      ]),
    ).toEqual([
      // The screen's words: the export writes what the gradebook shows.
      [pupils[0], '25', '25', 'Fully Marked'],
      [pupils[1], '50', '50', 'Fully Marked'],
      [pupils[2], '', '', 'Not Submitted'],
    ]);

    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await page.waitForURL(/\/audit$/);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'exam.publish', exact: true }).click();
    await page.waitForURL(/action=exam\.publish/);
    const entries = page.getByRole('table', { name: 'Audit entries' });
    // The unfiltered page stays on screen until the filtered one arrives.
    const kinds = async () => [...new Set(await entries.locator('tbody tr td:nth-child(3)').allTextContents())];
    await expect.poll(kinds).toEqual(['exam.publish']);
    await entries.getByText(`exam:${examId}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
