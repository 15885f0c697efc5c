import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, baseURL, launchBrowser, signIn } from './support.js';

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);
const username = `chamari-${stamp}`;
const renamed = `chamari.silva-${stamp}`;
const courseTitle = `Electrochemistry ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  await api('/courses', { token, body: { title: courseTitle, description: 'Cells and electrolysis' } });
});
afterAll(() => browser.close());

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  return context.newPage();
}

describe('students', () => {
  it('adds, finds, edits a student, changes an enrolment status and exports the watch-time PDF', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    // Sign-in ends on the dashboard: a click before that navigation lands can be undone by it.
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Students' }).click();

    // A wrong input first: too short a username is refused with the reason, nothing is lost.
    await page.getByLabel('Username').fill('ab');
    // The show-password toggle carries the same label; the field comes first.
    await page.getByLabel('Password').first().fill('student-pw-1');
    await page.getByRole('button', { name: 'Add Student' }).click();
    await page.getByText('Username must be at least 3 characters.').waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Add Student' }).click();
    await page.getByText('Student added successfully').waitFor();

    // Enrol them (set-up through the API), then find them by search.
    const student = (await api<{ items: { id: number }[] }>(`/students?limit=1&q=${username}`, { token })).items[0];
    const course = (
      await api<{ items: { id: number }[] }>(`/courses?limit=1&q=${encodeURIComponent(courseTitle)}`, { token })
    ).items[0];
    await api('/enrollments/bulk', { token, body: { courseId: course?.id, studentIds: [student?.id] } });
    await page.getByPlaceholder('Search by username or name...').fill(stamp);
    const row = page.getByRole('row', { name: new RegExp(username) });
    await row.waitFor();

    // Edit: a new username.
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await dialog.getByLabel('Username').fill(renamed);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.waitFor({ state: 'detached' });
    const renamedRow = page.getByRole('row', { name: new RegExp(renamed) });
    await renamedRow.waitFor();

    // View: enrolments and watch time; disable the enrolment.
    await renamedRow.getByRole('button', { name: 'View' }).click();
    await page.getByText('No watch records yet.').waitFor();
    await page.getByLabel(`Status in ${courseTitle}`).selectOption('DISABLED');
    await page.getByText('Enrollment status updated successfully').waitFor();
    const enrolments = await api<{ status: string }[]>(`/enrollments/student/${student?.id}`, { token });
    expect(enrolments.map((e) => e.status)).toEqual(['DISABLED']);

    // Export the watch-time PDF (drawn by the server): a real PDF naming the student, as a reader reads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Watch Time Records' }).getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${renamed}_watch_time.pdf`);
    const file = (await download.path()) as string;
    expect((await readFile(file, 'latin1')).startsWith('%PDF-')).toBe(true);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(renamed);
    await page.getByText('Watch time records exported successfully').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the watch-record filters whole at 1366 px: every sort and the video name hint read in full', async () => {
    const viewer = `viewer-${stamp}`;
    await api('/students/signup', { token, body: { username: viewer, password: 'student-pw-1' } });
    const page = await newPage(1366);
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${baseURL()}/students`);
    await page.getByPlaceholder('Search by username or name...').fill(viewer);
    await page
      .getByRole('row', { name: new RegExp(viewer) })
      .getByRole('button', { name: 'View' })
      .click();
    const records = page.getByRole('region', { name: 'Watch Time Records' });
    await records.getByLabel('Sort by').waitFor();
    // Neither a <select> nor a placeholder scrolls: compare the widest text with the room its box gives it.
    const fits = (control: HTMLSelectElement | HTMLInputElement) => {
      const style = getComputedStyle(control);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = style.font;
      const texts =
        control instanceof HTMLSelectElement
          ? Array.from(control.options, (option) => option.text)
          : [control.placeholder];
      const widest = Math.max(...texts.map((text) => context.measureText(text).width));
      const room = control.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { widest: Math.ceil(widest), room };
    };
    for (const label of ['Sort by', 'Video name']) {
      const { widest, room } = await records.getByLabel(label).evaluate(fits);
      expect(widest, label).toBeLessThanOrEqual(room);
    }
  });

  it('fits the screen at 390 px: the student list as cards, nothing cut off', async () => {
    const page = await newPage(390);
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${baseURL()}/students`);
    await page.getByPlaceholder('Search by username or name...').fill(stamp);
    const card = page.getByRole('listitem').filter({ hasText: renamed });
    await card.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
