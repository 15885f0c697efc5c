import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, apiForm, launchBrowser, signIn, tokenFor } from './support.js';

const stamp = Date.now().toString(36);
const identifier = `KINETICS_${stamp.toUpperCase()}`;
const username = `dilini-${stamp}`;
const paperPath = fileURLToPath(new URL('./fixtures/paper-two.pdf', import.meta.url));

type Exam = { id: number; courseId: number };
type Question = { id: number; options: { id: number; isCorrect: boolean }[] };

let browser: Browser;
let token: string;
let courseId: number;
let mcq: Exam;
let partTwo: Exam;
let studentId: number;
let paper: Buffer;

function examForm(examType: 'MCQ' | 'TRADITIONAL', title: string) {
  const form = new FormData();
  const dueDate = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  form.append(
    'examDTO',
    JSON.stringify({ courseId, title, description: title, dueDate, examType, examIdentifier: identifier }),
  );
  if (examType === 'TRADITIONAL')
    form.append('examPaperFile', new Blob([new Uint8Array(paper)], { type: 'application/pdf' }), 'paper.pdf');
  return form;
}

function questionForm(text: string) {
  const form = new FormData();
  const options = ['First order', 'Second order', 'Zero order', 'Third order', 'Half order'].map((optionText, i) => ({
    optionText,
    isCorrect: i === 0,
  }));
  form.append('questionDTO', JSON.stringify({ questionText: text, options }));
  return form;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  paper = await readFile(paperPath);
  courseId = (
    await api<{ id: number }>('/courses', { token, body: { title: `Kinetics ${stamp}`, description: 'Rates' } })
  ).id;
  studentId = (await api<{ id: number }>('/students/signup', { token, body: { username, password: 'pupil-pw-1' } })).id;
  await api('/enrollments', { token, body: { courseId, studentId, status: 'ACTIVE' } });
  mcq = await apiForm<Exam>('/api/v1/exams', token, examForm('MCQ', 'Kinetics Paper I'));
  for (const text of ['Rate = k[A]: the order?', 'Half-life independent of concentration: the order?'])
    await apiForm<Question>(`/api/v1/exams/${mcq.id}/mcq-questions`, token, questionForm(text));
  partTwo = await apiForm<Exam>('/api/v1/exams', token, examForm('TRADITIONAL', 'Kinetics Paper II'));
  for (const exam of [mcq, partTwo]) await api(`/api/v1/exams/${exam.id}/publish`, { token, body: {} });

  // The student, through the students' API: one of two right on the MCQ (25 of 50), and a PART II script.
  const pupil = await tokenFor(username, 'pupil-pw-1');
  const questions = await api<Question[]>(`/api/v1/exams/${mcq.id}/mcq-questions`, { token });
  const [first, second] = questions as [Question, Question];
  const right = first.options.find((o) => o.isCorrect)?.id;
  const wrong = second.options.find((o) => !o.isCorrect)?.id;
  await api(`/api/v1/submissions/exam/${mcq.id}/mcq`, {
    token: pupil,
    body: {
      answers: [
        { questionId: first.id, optionId: right },
        { questionId: second.id, optionId: wrong },
      ],
    },
  });
  const answer = new FormData();
  answer.append('file', new Blob([new Uint8Array(paper)], { type: 'application/pdf' }), 'my-answers.pdf');
  await apiForm(`/api/v1/submissions/exam/${partTwo.id}/upload`, pupil, answer);
});
afterAll(() => browser.close());

describe('marking', () => {
  it('views MCQ answers, marks a PART II script, publishes marks and reads the combined total and its PDF', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL(/\/dashboard$/);
    const origin = new URL(page.url()).origin;

    // The MCQ answers: 50 % and the right answer beside the wrong one.
    await page.goto(`${origin}/exams/${mcq.id}/submissions`);
    await page.getByRole('button', { name: 'View Answers' }).click();
    const answers = page.getByRole('dialog', { name: 'MCQ Answers' });
    await answers.getByText('50.00%').waitFor();
    await answers.getByText('1 of 2 correct').waitFor();
    await answers.getByRole('article', { name: 'Question 2' }).getByText('First order').waitFor();
    await page.keyboard.press('Escape');

    // Mark the PART II script: a wrong input first, then 90 with feedback and a marked paper.
    await page.goto(`${origin}/exams/${partTwo.id}/submissions`);
    await page.getByRole('button', { name: 'Mark Submission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Submission' });
    await dialog.getByLabel('Score (out of 100)').fill('ninety');
    await dialog.getByRole('button', { name: 'Save Mark' }).click();
    await dialog.getByText('Traditional Score must be a valid number.').waitFor();
    await dialog.getByLabel('Score (out of 100)').fill('90');
    await dialog.getByLabel('Feedback').fill('Clear working; label the axes of the rate graph.');
    await dialog.getByLabel('Marked Paper').setInputFiles(paperPath);
    await dialog.getByRole('button', { name: 'Save Mark' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('90.0 / 100').waitFor();
    await page.getByRole('link', { name: 'View Marked Paper' }).waitFor();

    // Publish the marks: marks reach every student at once, so it asks first, saying what stands.
    await page.goto(`${origin}/exams?courseId=${courseId}`);
    const card = page.getByRole('region', { name: identifier }).getByRole('article', { name: 'Kinetics Paper II' });
    await card.getByRole('button', { name: 'Publish Marks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish Marks' });
    await confirm.getByText(/Publish the marks/).waitFor();
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await card.getByText('Marks Published').waitFor();

    // The marks summary: 25 + 90 / 2 = 70.
    await page.goto(`${origin}/admin/student-marks-summary`);
    await page.getByPlaceholder('Search students by username').fill(username);
    await page.getByRole('option', { name: username }).click();
    await page.getByLabel('Exam Identifier').fill(identifier);
    await page.getByRole('button', { name: 'Get Summary' }).click();
    const overall = page.getByRole('region', { name: 'Overall' });
    await overall.getByText('70.00 / 100').waitFor();
    await overall.getByText('Fully Marked').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      overall.getByRole('button', { name: 'Download Summary PDF' }).click(),
    ]);
    const file = (await download.path()) as string;
    expect((await readFile(file, 'latin1')).startsWith('%PDF-')).toBe(true);
    // Drawn by the server in embedded fonts: its words are read back as a reader would.
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(username);
    expect(errors).toEqual([]);

    // The student's own score through the API matches.
    const pupil = await tokenFor(username, 'pupil-pw-1');
    const own = await api<{ mcqScore: number; traditionalScore: number; combinedTotalScore: number }>(
      `/api/v1/submissions/student/${studentId}/exam-score/${identifier}`,
      { token: pupil },
    );
    expect(own).toMatchObject({ mcqScore: 25, traditionalScore: 90, combinedTotalScore: 70 });
  });
});
