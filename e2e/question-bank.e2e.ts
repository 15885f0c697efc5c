import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, baseURL, createExam, launchBrowser, signIn } from './support.js';

let browser: Browser;
let examId: number;
const stamp = Date.now().toString(36);
const tutor = `bank-tutor-${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  await api('/staff', { token, body: { username: tutor, password: 'tutor-pw-1', role: 'ROLE_ADMIN' } });
  const courseId = (
    await api<{ id: number }>('/courses', { token, body: { title: `Acids and bases ${stamp}`, description: 'pH' } })
  ).id;
  examId = (
    await createExam(token, {
      courseId,
      title: 'Acids quiz',
      description: 'Conjugate pairs',
      dueDate: '2027-02-01T09:00',
      examType: 'MCQ',
      examIdentifier: `BANK_${stamp.toUpperCase()}`,
    })
  ).id;
});
afterAll(() => browser.close());

const HEADER = 'question,option1,option2,option3,option4,option5,correct';
const ROWS = [
  '"Which is the conjugate base of \\ce{H2SO4}?",\\ce{HSO4-},\\ce{SO4^2-},\\ce{H3SO4+},\\ce{H2SO3},\\ce{SO3},A',
  // The second question's fifth option is missing: the report names it, nothing is saved.
  '"What is the pH of $0.01\\,\\pu{mol dm-3}$ HCl?",1,2,3,4,,2',
  '"Which of these is amphoteric?",\\ce{H2O},\\ce{Na+},\\ce{Cl-},\\ce{CH4},\\ce{Ne},1',
];
const csvFile = (rows: string[]) => ({
  name: 'acids.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows].join('\n')}\n`),
});

describe('question bank', () => {
  it('a tutor imports a CSV: reads the problem of a bad row, fixes the file, imports, and sees the formulas rendered', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, tutor, 'tutor-pw-1');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${baseURL()}/exams/${examId}/manage-questions`);
    await page.getByRole('heading', { name: 'Manage MCQ Questions' }).waitFor();

    await page.getByRole('button', { name: 'Import questions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await dialog.getByLabel('Question file').setInputFiles(csvFile(ROWS));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const report = dialog.getByRole('region', { name: 'Import report' });
    await report.getByText('Question 2: All 5 answer options must be filled.').waitFor();
    // The preview already shows the notation typeset, before anything is saved.
    await report.getByRole('article', { name: 'Question 1' }).locator('.katex').first().waitFor();
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);

    // The tutor fixes the row and checks the corrected file.
    const fixed = [ROWS[0] as string, (ROWS[1] as string).replace(',4,,2', ',4,12,2'), ROWS[2] as string];
    await dialog.getByLabel('Question file').setInputFiles(csvFile(fixed));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await report.getByText(/3 questions read without a problem/).waitFor();
    expect(await report.getByText(/must be filled/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Import 3 questions' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText('3 questions imported.').waitFor();
    const first = page.getByRole('article', { name: 'Question 1' });
    await first.locator('.katex').first().waitFor();
    expect(await first.locator('.katex').count()).toBeGreaterThan(1);
    await page.getByRole('article', { name: 'Question 3' }).waitFor();
    await page.getByRole('article', { name: 'Question 2' }).locator('.katex').first().waitFor();

    // The export gives the questions back with their notation as written.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export CSV' }).click(),
    ]);
    const exported = await readFile((await download.path()) as string, 'utf8');
    expect(exported).toContain('\\ce{H2SO4}');
    expect(exported).toContain('\\pu{mol dm-3}');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the actions wrap and the import report stays inside 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await signIn(page, tutor, 'tutor-pw-1');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${baseURL()}/exams/${examId}/manage-questions`);
    await page.getByRole('button', { name: 'Copy from another paper' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Import questions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await dialog.getByLabel('Question file').setInputFiles(csvFile(ROWS));
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('Question 2: All 5 answer options must be filled.').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const box = await dialog.getByRole('region', { name: 'Import report' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/question-import-390.png` });
    await context.close();
  });
});
