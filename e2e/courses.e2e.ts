import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, baseURL, launchBrowser, signIn } from './support.js';

const clip = fileURLToPath(new URL('./fixtures/lecture-clip.mp4', import.meta.url));

type Enrollment = { studentUsername: string; status: string };

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);
const title = `Titration Masterclass ${stamp}`;
const renamed = `Acid-Base Titrations ${stamp}`;
const students = [`nimal-${stamp}`, `sara-${stamp}`];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  // Set-up that is not the journey: students to assign and enough courses for two pages.
  for (const username of students) await api('/students/signup', { token, body: { username, password: 'student-pw' } });
  for (let i = 1; i <= 7; i++) {
    await api('/courses', { token, body: { title: `Filler course ${i} ${stamp}`, description: 'Page filler' } });
  }
});
afterAll(() => browser.close());

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

describe('courses and lecture resources', () => {
  it('runs a course from creation to assigned students, paused and resumed', async () => {
    const page = await newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');

    // Create a course.
    await page.getByLabel('Course Title').fill(title);
    await page.getByLabel('Course Description').fill('Indicators, curves and back titrations');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await page.getByText('Course created successfully').waitFor();

    // Page through the 8+ courses: 6 a page.
    await page.getByText(/Page 1 of \d+ \(\d+ items\)/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Page 2 of \d+ \(\d+ items\)/).waitFor();

    // Find it by a case-insensitive search.
    await page.getByPlaceholder('Search by course title...').fill(title.toUpperCase());
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    // The server answers 300 ms after the last key; until then the previous page stays.
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByPlaceholder('Search by course title...').fill(`no such course ${stamp}`);
    await page.getByText('No courses found matching your search criteria.').waitFor();
    await page.getByPlaceholder('Search by course title...').fill(title);

    // Open and edit it.
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/courses\/\d+$/);
    const courseId = Number(page.url().split('/').pop());
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Course Title').fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Course updated successfully').waitFor();
    await page.getByRole('heading', { name: renamed }).waitFor();

    // A link without dates is refused under the missing dates, by their labels.
    await page.getByLabel('YouTube Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Please provide both Live At and Recording At dates.').first().waitFor();

    // Add the YouTube link with its duration.
    await page.getByLabel('Resource Name').fill('Intro to titration (video)');
    await page.getByLabel('Live At').fill('2026-11-23T10:00');
    await page.getByLabel('Recording At').fill('2026-11-20T09:00');
    await page.getByLabel('Hours').fill('1');
    await page.getByLabel('Minutes').fill('2');
    await page.getByLabel('Seconds').fill('3');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('YouTube link added successfully').waitFor();

    // Upload a small video; once it is added the form is empty and its progress bar gone.
    await page.getByLabel('Resource File').setInputFiles(clip);
    expect(await page.getByLabel('Resource Name').inputValue()).toBe('lecture-clip.mp4');
    await page.getByLabel('Live At').fill('2026-11-24T10:00');
    await page.getByLabel('Recording At').fill('2026-11-21T09:00');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Resource added successfully').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByLabel('Resource Name').inputValue()).toBe('');

    const detail = await api<{ resources: { name: string; type: string; duration: number; url: string }[] }>(
      `/courses/${courseId}`,
      { token },
    );
    const video = detail.resources.find((r) => r.name === 'lecture-clip.mp4');
    expect(video).toMatchObject({ type: 'video/mp4' });
    expect(video?.duration).toBeCloseTo(3, 0);
    const link = detail.resources.find((r) => r.name === 'Intro to titration (video)');
    // Typed as 10:00 platform time (Asia/Colombo, +05:30), stored in UTC, shown as typed.
    expect(link).toMatchObject({ type: 'link', duration: 3723, liveAt: '2026-11-23T04:30:00.000Z' });
    await page.getByText('Live 2026-11-23 10:00').waitFor();

    // The card links to the signed file, which seeks (Range).
    const href = await page.getByRole('link', { name: 'lecture-clip.mp4' }).getAttribute('href');
    expect(href).toMatch(/\/api\/files\/resources\//);
    const ranged = await fetch(new URL(href ?? '', baseURL()), { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    // Assign the two students.
    // The picker searches the server; each student is found by typing part of the name.
    const picker = page.getByLabel('Select Students');
    for (const username of students) {
      await picker.fill(username);
      await page.getByRole('option', { name: username, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Assign Students' }).click();
    await page.getByText('Students assigned successfully').waitFor();
    await page.getByText('Total: 2').waitFor();
    const enrolled = await api<Enrollment[]>(`/enrollments/course/${courseId}`, { token });
    expect(enrolled.map((e) => e.studentUsername).sort()).toEqual([...students].sort());
    expect(enrolled.every((e) => e.status === 'ACTIVE')).toBe(true);

    // Pause and resume from the dashboard.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByPlaceholder('Search by course title...').fill(renamed);
    const renamedCard = page.getByRole('article', { name: renamed });
    await renamedCard.getByRole('button', { name: 'Pause' }).click();
    await page.getByText(`Course "${renamed}" paused successfully`).waitFor();
    const paused = await api<Enrollment[]>(`/enrollments/course/${courseId}`, { token });
    expect(paused.every((e) => e.status === 'DISABLED')).toBe(true);
    await renamedCard.getByRole('button', { name: 'Resume' }).click();
    await page.getByText(`Course "${renamed}" resumed successfully`).waitFor();
    const resumed = await api<Enrollment[]>(`/enrollments/course/${courseId}`, { token });
    expect(resumed.every((e) => e.status === 'ACTIVE')).toBe(true);
  });

  it('assigns both students picked one after another from one filtered list', async () => {
    // Twenty others come first, so the unfiltered list would not offer the two the tutor looks for.
    const pair = [`ruwan-${stamp}`, `ruwani-${stamp}`];
    for (let i = 1; i <= 20; i++) {
      await api('/students/signup', { token, body: { username: `other${i}-${stamp}`, password: 'student-pw' } });
    }
    for (const username of pair) await api('/students/signup', { token, body: { username, password: 'student-pw' } });
    const course = await api<{ id: number }>('/courses', {
      token,
      body: { title: `Redox ${stamp}`, description: 'd' },
    });
    const page = await newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/courses/${course.id}`);

    const picker = page.getByLabel('Select Students');
    await picker.fill('ruwan');
    await page.getByRole('option', { name: pair[0], exact: true }).click();
    // The search stays, so the list the second student is picked from stays too.
    expect(await picker.inputValue()).toBe('ruwan');
    await page.getByRole('option', { name: pair[1], exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Assign Students' }).click();
    await page.getByText('Students assigned successfully').waitFor();
    await page.getByText('Total: 2').waitFor();
    const enrolled = await api<Enrollment[]>(`/enrollments/course/${course.id}`, { token });
    expect(enrolled.map((e) => e.studentUsername).sort()).toEqual(pair);
  });

  it('resumes an upload after a dropped connection instead of starting again', async () => {
    const course = await api<{ id: number }>('/courses', {
      token,
      body: { title: `Resumable ${stamp}`, description: 'Large lecture notes' },
    });
    const page = await newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/courses/${course.id}`);

    // Two chunks (8 MiB, then 4 MiB); the connection drops during the second one.
    const patches: { offset: number; aborted: boolean }[] = [];
    let dropped = false;
    await page.route('**/api/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = Number(request.headers()['upload-offset']);
      if (!dropped && offset > 0) {
        dropped = true;
        patches.push({ offset, aborted: true });
        return route.abort('connectionreset');
      }
      patches.push({ offset, aborted: false });
      return route.continue();
    });

    const size = 12 * 1024 * 1024;
    await page.getByLabel('Resource File').setInputFiles({
      name: 'equilibrium-notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(size, 7),
    });
    await page.getByLabel('Live At').fill('2026-11-24T10:00');
    await page.getByLabel('Recording At').fill('2026-11-21T09:00');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Resource added successfully').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);

    const chunk = 8 * 1024 * 1024;
    expect(patches).toEqual([
      { offset: 0, aborted: false },
      { offset: chunk, aborted: true },
      { offset: chunk, aborted: false },
    ]);
    const detail = await api<{ resources: { name: string; url: string }[] }>(`/courses/${course.id}`, { token });
    const stored = detail.resources.find((r) => r.name === 'equilibrium-notes.pdf');
    const file = await fetch(new URL(stored?.url ?? '', baseURL()));
    expect((await file.arrayBuffer()).byteLength).toBe(size);
  });

  it("reads a browser-recorded WebM's length, and lets the tutor type the length of a video it cannot read", async () => {
    const course = await api<{ id: number }>('/courses', {
      token,
      body: { title: `Recorded ${stamp}`, description: 'Lectures recorded in the browser' },
    });
    const page = await newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/courses/${course.id}`);
    const dates = async () => {
      await page.getByLabel('Live At').fill('2026-11-24T10:00');
      await page.getByLabel('Recording At').fill('2026-11-21T09:00');
    };

    // Two seconds of a canvas recorded with MediaRecorder: its WebM states no length in its header.
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d');
      const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start(250);
      const started = performance.now();
      while (performance.now() - started < 2000) {
        if (context) context.fillStyle = `hsl(${Math.round(performance.now()) % 360} 80% 50%)`;
        context?.fillRect(0, 0, 64, 64);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      recorder.stop();
      await stopped;
      const file = new File(parts, 'recorded-lecture.webm', { type: 'video/webm' });
      const input = document.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) throw new Error('no file input');
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByText("Reading the video's length…").waitFor({ state: 'detached' });
    expect(await page.getByLabel('Minutes').count()).toBe(0);
    await dates();
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Resource added successfully').waitFor({ timeout: 30_000 });

    // Bytes no browser can play: no raw player error; plain words say the server will measure it, and a typed length is kept.
    await page.getByLabel('Resource File').setInputFiles({
      name: 'corrupt-lecture.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not a video at all'),
    });
    await page
      .getByText(
        "We could not read this video's length here: the server measures it after the upload. You may type it.",
      )
      .waitFor();
    expect(await page.getByText(/DEMUXER|PipelineStatus|MEDIA_ERR/).count()).toBe(0);
    await dates();
    await page.getByLabel('Minutes').fill('42');
    await page.getByRole('button', { name: 'Add Resource' }).click();
    await page.getByText('Resource added successfully').waitFor({ timeout: 30_000 });

    const detail = await api<{ resources: { name: string; duration: number }[] }>(`/courses/${course.id}`, { token });
    const recorded = detail.resources.find((r) => r.name === 'recorded-lecture.webm');
    expect(recorded?.duration).toBeGreaterThanOrEqual(1);
    expect(recorded?.duration).toBeLessThanOrEqual(3);
    expect(detail.resources.find((r) => r.name === 'corrupt-lecture.mp4')?.duration).toBe(42 * 60);
  });

  it('shows an instructor no pause or delete buttons', async () => {
    await api('/staff', { token, body: { username: `tutor-${stamp}`, password: 'tutor-pw-1', role: 'ROLE_ADMIN' } });
    const page = await newPage();
    await signIn(page, `tutor-${stamp}`, 'tutor-pw-1');
    await page.waitForURL('**/dashboard');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Staff' }).count()).toBe(0);
  });
});
