import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

const stamp = Date.now().toString(36);
const identifier = `STUDIO_${stamp.toUpperCase()}`;
const students = [`ruwan-${stamp}`, `sachini-${stamp}`];
const COMMENT = 'Check the units';

type Exam = { id: number };

let browser: Browser;
let exam: Exam;

/** A two-page script, as a student's scan would be, with some writing on each page. */
async function twoPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Answer 1: rate = k[A]^2', 'Answer 2: t1/2 = ln 2 / k']) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 60, y: 760, size: 18, font });
  }
  return pdf.save();
}

/** The text and page count of a PDF, read the way the portal reads it (pdf.js, here in Node). */
async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  return { pages: document.numPages, text };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const script = await twoPagePdf();
  const courseId = (
    await api<{ id: number }>('/courses', { token, body: { title: `Studio ${stamp}`, description: 'Kinetics' } })
  ).id;
  exam = await createExam<Exam>(
    token,
    {
      courseId,
      title: 'Studio Paper II',
      description: 'Kinetics',
      dueDate: aWeekAhead(),
      examType: 'TRADITIONAL',
      examIdentifier: identifier,
    },
    script,
  );
  await api(`/api/v1/exams/${exam.id}/publish`, { token, body: {} });
  for (const username of students) {
    await enrolNewStudent(token, courseId, { username, password: 'pupil-pw-1' });
    const answer = new FormData();
    answer.append('file', new Blob([new Uint8Array(script)], { type: 'application/pdf' }), 'answers.pdf');
    await apiForm(`/api/v1/submissions/exam/${exam.id}/upload`, await tokenFor(username, 'pupil-pw-1'), answer);
  }
});
afterAll(() => browser.close());

describe('marking studio', () => {
  it('marks a two-page script with a tick and a comment, moves to the next, and the marked paper has them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const origin = await signInAsAdmin(page);

    await page.goto(`${origin}/exams/${exam.id}/submissions`);
    await page.getByText('0 of 2 marked').waitFor();
    await page.getByRole('link', { name: 'Open marking studio' }).click();
    await page.waitForURL(/\/mark\?script=\d+$/);
    const first = Number(new URL(page.url()).searchParams.get('script'));
    await page.getByText('0 of 2 marked').waitFor();

    // Both pages drawn by pdf.js, with a drawing layer over each.
    const layer = page.getByRole('img', { name: 'Annotations on page 1' });
    await layer.waitFor();
    await page.getByRole('img', { name: 'Annotations on page 2' }).waitFor({ state: 'attached' });
    const box = (await layer.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.getByRole('toolbar', { name: 'Annotation tools' }).getByRole('button', { name: 'Tick' }).click();
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.1);
    await page.getByRole('button', { name: 'Text comment' }).click();
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.3);
    await page.getByRole('textbox', { name: 'Comment text' }).fill(COMMENT);
    await page.keyboard.press('Enter');
    await layer.locator('text', { hasText: COMMENT }).waitFor();
    await page.getByText('Saved', { exact: true }).waitFor();

    await page.getByLabel('Score (out of 100)').fill('72.5');
    await page.getByRole('button', { name: 'Save and next' }).click();
    await page.waitForURL((url) => url.searchParams.get('script') !== String(first));
    const second = Number(new URL(page.url()).searchParams.get('script'));
    expect(second).not.toBe(first);
    await page.getByText('1 of 2 marked').waitFor();
    await page.getByRole('img', { name: 'Annotations on page 1' }).waitFor();

    // The annotations were kept on the server, at fractions of the page.
    const token = await adminToken();
    const saved = await api<{ items: { kind: string; x: number; y: number; text?: string }[] }>(
      `/api/v1/submissions/${first}/annotations`,
      { token },
    );
    expect(saved.items.map((item) => item.kind).sort()).toEqual(['text', 'tick']);
    const tick = saved.items.find((item) => item.kind === 'tick');
    expect(tick?.x).toBeCloseTo(0.78, 1);

    // 'View Marked Paper' on the Submissions screen: the server's drawing, both pages and the comment.
    await page.goto(`${origin}/exams/${exam.id}/submissions`);
    await page.getByText('72.5 / 100').waitFor();
    const link = page.getByRole('link', { name: 'View Marked Paper' });
    const href = (await link.getAttribute('href')) as string;
    const response = await page.request.get(new URL(href, origin).href);
    expect(response.ok()).toBe(true);
    const marked = await readPdf(new Uint8Array(await response.body()));
    expect(marked.pages).toBe(2);
    expect(marked.text).toContain(COMMENT);
    expect(marked.text).toContain('72.5');
    expect(errors).toEqual([]);
  });

  it('tells a tab whose mark another tab saved over, overwrites when asked, and asks before leaving a typed mark', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await context.newPage();
    const origin = await signInAsAdmin(a);
    const rows = await api<{ id: number }[]>(`/api/v1/submissions/exam/${exam.id}`, { token: await adminToken() });
    const script = `${origin}/exams/${exam.id}/mark?script=${(rows[0] as { id: number }).id}`;
    const b = await context.newPage();
    for (const page of [a, b]) {
      await page.goto(script);
      await page.getByLabel('Score (out of 100)').waitFor();
    }
    await a.getByLabel('Score (out of 100)').fill('70');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await a.getByText('marked 70').waitFor();

    await b.getByLabel('Score (out of 100)').fill('40');
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = b.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(inject('adminUsername'));
    await alert.getByRole('button', { name: 'Overwrite' }).click();
    await b.getByText('marked 40').waitFor();

    // A typed mark is not lost to "Back to Submissions" without asking.
    await b.getByLabel('Score (out of 100)').fill('41');
    await b.getByRole('link', { name: 'Back to Submissions' }).click();
    const dialog = b.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await b.waitForURL(/\/submissions$/);
    await context.close();
  });
});
