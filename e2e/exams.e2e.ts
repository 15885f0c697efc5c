import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, apiForm, launchBrowser, pageErrors, signInAsAdmin } from './support.js';

let browser: Browser;
let courseId: number;
const stamp = Date.now().toString(36);
const courseTitle = `Thermochemistry ${stamp}`;
const identifier = `THERMO_${stamp.toUpperCase()}`;
const paper = fileURLToPath(new URL('./fixtures/paper-two.pdf', import.meta.url));

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  courseId = (await api<{ id: number }>('/courses', { token, body: { title: courseTitle, description: 'Enthalpy' } }))
    .id;
});
afterAll(() => browser.close());

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  return page;
}

async function createExam(page: Page, type: 'MCQ' | 'TRADITIONAL', title: string) {
  await page.getByRole('button', { name: 'Create New Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Exam' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Exam Identifier').fill(identifier);
  await dialog.getByLabel('Description').fill(`${title} of the thermochemistry unit`);
  await dialog.getByLabel('Exam Type').selectOption(type);
  if (type === 'TRADITIONAL') await dialog.getByLabel('Exam Paper').setInputFiles(paper);
  await dialog.getByLabel('Due Date and Time').fill('2027-03-15T09:30');
  await dialog.getByRole('button', { name: 'Create Exam' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('exams', () => {
  it('creates an MCQ and a PART II exam under one identifier, adds questions, publishes, unpublishes and deletes content', async () => {
    const page = await newPage(1280);
    const errors = pageErrors(page);
    const origin = await signInAsAdmin(page);
    await page.goto(`${origin}/exams?courseId=${courseId}`);
    await page.getByText('No exams found for the selected course.').waitFor();

    // A wrong input first: PART II without its paper is refused with the screen's fixed words, nothing is lost.
    await page.getByRole('button', { name: 'Create New Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Exam' });
    await dialog.getByLabel('Title').fill('Paper II');
    await dialog.getByLabel('Exam Identifier').fill(identifier);
    await dialog.getByRole('button', { name: 'Create Exam' }).click();
    await dialog.getByText('Please upload an exam paper file for traditional exams.').waitFor();
    await dialog.getByText('Please fill in all required fields: Title, Description, and Due Date.').first().waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Paper II');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await createExam(page, 'MCQ', 'Paper I');
    await createExam(page, 'TRADITIONAL', 'Paper II');
    const group = page.getByRole('region', { name: identifier });
    await group.getByRole('article', { name: 'Paper I', exact: true }).waitFor();
    await group.getByRole('article', { name: 'Paper II', exact: true }).waitFor();
    expect(await group.getByText('TRADITIONAL').count()).toBe(0);
    await group.getByText('Marks Unpublished').waitFor();

    // The paper opens through its signed link.
    const paperLink = group
      .getByRole('article', { name: 'Paper II', exact: true })
      .getByRole('link', { name: 'View Paper' });
    const paperAnswer = await page.request.get(
      new URL((await paperLink.getAttribute('href')) as string, page.url()).href,
    );
    expect(paperAnswer.status()).toBe(200);
    expect((await paperAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Questions: one in the dialog with a formula, then two in the add-many form.
    await group
      .getByRole('article', { name: 'Paper I', exact: true })
      .getByRole('link', { name: 'Manage Questions' })
      .click();
    await page.getByRole('heading', { name: 'Manage MCQ Questions' }).waitFor();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const single = page.getByRole('dialog', { name: 'Add Question' });
    await single.getByLabel('Question text').fill('Which is the conjugate base of \\ce{H2SO4}?');
    for (const [index, text] of ['\\ce{HSO4-}', '\\ce{SO4^2-}', '\\ce{H3SO4+}', '\\ce{H2SO3}', '\\ce{SO3}'].entries())
      await single.getByLabel(`Option ${'ABCDE'[index]}`, { exact: true }).fill(text);
    await single.getByRole('button', { name: 'Add Question' }).click();
    // A wrong input: no correct option chosen.
    await single.getByText('Exactly one option must be marked as correct.').waitFor();
    await single.getByLabel('Option A is correct').check();
    await single.getByRole('button', { name: 'Add Question' }).click();
    await single.waitFor({ state: 'detached' });
    const first = page.getByRole('article', { name: 'Question 1' });
    await first.locator('.katex').first().waitFor();
    expect(await first.locator('.katex').count()).toBeGreaterThan(1);

    const bulk = page.getByRole('region', { name: 'Add Multiple Questions' });
    await bulk.getByRole('button', { name: 'Add another question' }).click();
    for (const n of [1, 2]) {
      const draft = bulk.getByRole('region', { name: `New question ${n}` });
      await draft
        .getByLabel('Question text')
        .fill(`What is the sign of $\\Delta H$ for reaction ${n} when it is exothermic?`);
      for (const [index, letter] of [...'ABCDE'].entries())
        await draft
          .getByLabel(`Option ${letter}`, { exact: true })
          .fill(['Negative', 'Positive', 'Zero', 'Either', 'Undefined'][index] as string);
      await draft.getByLabel('Option A is correct').check();
    }
    await bulk.getByRole('button', { name: 'Save all questions' }).click();
    await page.getByRole('article', { name: 'Question 3' }).waitFor();

    // Publish, then unpublish, on the exams screen.
    await page.getByRole('link', { name: /Back to/ }).click();
    const mcq = page.getByRole('region', { name: identifier }).getByRole('article', { name: 'Paper I', exact: true });
    await mcq.getByRole('button', { name: 'Publish Exam' }).click();
    await mcq.getByText('Published', { exact: true }).waitFor();
    await mcq.getByRole('button', { name: 'Unpublish Exam' }).click();
    await mcq.getByText('Unpublished', { exact: true }).waitFor();

    // Delete content asks first with the screen's fixed words.
    const partTwo = page
      .getByRole('region', { name: identifier })
      .getByRole('article', { name: 'Paper II', exact: true });
    await partTwo.getByRole('button', { name: 'Delete Content' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText("Are you sure you want to delete this exam's content? This action cannot be undone.")
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await partTwo.getByText("This exam's content has been deleted.").waitFor();
    expect(await partTwo.getByRole('button', { name: 'View Paper' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('edits an exam in its dialog, then gives one student extra time on the submissions page', async () => {
    const token = await adminToken();
    const editId = `TIMED_${stamp.toUpperCase()}`;
    const username = `sitter-${stamp}`;
    const student = await api<{ id: number }>('/students/signup', {
      token,
      body: { username, password: 'student-pw' },
    });
    await api('/enrollments', { token, body: { courseId, studentId: student.id, status: 'ACTIVE' } });
    const form = new FormData();
    const dto = { courseId, title: 'Timed Paper I', description: '50 questions, 2 hours', examType: 'MCQ' };
    form.append('examDTO', JSON.stringify({ ...dto, examIdentifier: editId, dueDate: '2027-03-15T09:30' }));
    const exam = await apiForm<{ id: number }>('/api/v1/exams', token, form);

    const page = await newPage(1280);
    const errors = pageErrors(page);
    const origin = await signInAsAdmin(page);
    await page.goto(`${origin}/exams?courseId=${courseId}`);
    const card = page.getByRole('region', { name: editId }).getByRole('article', { name: 'Timed Paper I' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Exam' });
    expect(await dialog.getByLabel('Due Date and Time').inputValue()).toBe('2027-03-15T09:30');
    await dialog.getByLabel('Due Date and Time').fill('2027-03-16T11:00');
    await dialog.getByLabel('Time limit (minutes)').fill('120');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Due: 2027-03-16 11:00').waitFor();

    // One student's extra time, where the tutor looks at who has sat the exam.
    await card.getByRole('link', { name: 'View Submissions' }).click();
    await page.waitForURL(new RegExp(`/exams/${exam.id}/submissions$`));
    const panel = page.getByRole('region', { name: 'Overrides' });
    await panel.getByText('No student has an override.').waitFor();
    await panel.getByRole('button', { name: 'Add override' }).click();
    const add = page.getByRole('dialog', { name: 'Add Override' });
    await add.getByRole('combobox', { name: 'Student' }).fill(username);
    await page.getByRole('option', { name: username }).click();
    await add.getByLabel('Extra minutes').fill('30');
    await add.getByRole('button', { name: 'Save Override' }).click();
    await add.waitFor({ state: 'detached' });
    const row = panel.getByRole('row', { name: new RegExp(username) });
    await row.getByRole('cell', { name: '30', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('sends a PART II exam away from the questions page with the reason', async () => {
    const token = await adminToken();
    const page = await newPage(1280);
    await signInAsAdmin(page);
    const exams = await api<{ id: number; examType: string; contentDeleted: boolean }[]>(
      `/api/v1/exams/course/${courseId}/all`,
      { token },
    );
    const partTwo = exams.find((exam) => exam.examType === 'TRADITIONAL');
    await page.goto(`${new URL(page.url()).origin}/exams/${partTwo?.id}/manage-questions`);
    await page.waitForURL(new RegExp(`/exams\\?courseId=${courseId}$`));
    await page.getByText('This page is only for MCQ exams.').waitFor();
  });

  it('fits a phone: the exam cards and their buttons stay inside 390 px', async () => {
    const page = await newPage(390);
    const origin = await signInAsAdmin(page);
    await page.goto(`${origin}/exams?courseId=${courseId}`);
    await page.getByRole('region', { name: identifier }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/exams-390.png`, fullPage: true });
  });
});
