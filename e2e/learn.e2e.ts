import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMcqQuestions, adminToken, api, apiForm, baseURL, enrolNewStudent, launchBrowser } from './support.js';

/**
 * A student's week in the students' app at phone width: sign in at /learn/login, watch a lecture
 * (a real clip, recorded in Chromium for this run) and see its seconds in the staff's watch-time
 * list; sit an MCQ with a reload in the middle; hand in PART II as two photos that staff download
 * as one two-page PDF; see the marks once staff publish them.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let staff: string;
const stamp = Date.now().toString(36);
const student = { username: `learner.${stamp}`, password: 'learner-pass-1' };
let course: { id: number; title: string };
let lecture: { id: number };
let mcq: { id: number; examIdentifier: string };
let partTwo: { id: number; examIdentifier: string };
const CLIP_SECONDS = 12;
const paperPdf = readFileSync(fileURLToPath(new URL('./fixtures/paper-two.pdf', import.meta.url)));

/** A WebM clip of `seconds`, drawn on a canvas and recorded by Chromium's MediaRecorder. */
async function recordClip(seconds: number): Promise<Buffer> {
  const recorder = await browser.newPage();
  await recorder.goto(`${baseURL()}/learn/login`);
  const base64 = await recorder.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const draw = canvas.getContext('2d') as CanvasRenderingContext2D;
    const stream = canvas.captureStream(15);
    const media = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => chunks.push(event.data);
    const start = performance.now();
    const timer = setInterval(() => {
      const t = (performance.now() - start) / 1000;
      draw.fillStyle = `hsl(${(t * 40) % 360} 60% 40%)`;
      draw.fillRect(0, 0, 320, 180);
      draw.fillStyle = '#fff';
      draw.font = '40px sans-serif';
      draw.fillText(`${t.toFixed(1)} s`, 100, 100);
    }, 66);
    const stopped = new Promise((resolve) => {
      media.onstop = resolve;
    });
    media.start(1000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    media.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seconds * 1000);
  await recorder.close();
  return Buffer.from(base64, 'base64');
}

/** The clip through the tus endpoint as the portal sends a lecture; answers its storage key. */
async function uploadLecture(bytes: Buffer): Promise<string> {
  const tus = { authorization: `Bearer ${staff}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${baseURL()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from('clip.webm').toString('base64')},filetype ${Buffer.from('video/webm').toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location') ?? '', baseURL()).toString();
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
  const id = location.split('/').pop() ?? '';
  return Buffer.from(id, 'base64url').toString('utf8');
}

/** Two page photos, as a phone's camera would give them (PNG, a page number drawn on each). */
async function pagePhotos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const maker = await browser.newPage();
  await maker.goto(`${baseURL()}/learn/login`);
  const urls = await maker.evaluate(() =>
    [1, 2].map((n) => {
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 800;
      const draw = canvas.getContext('2d') as CanvasRenderingContext2D;
      draw.fillStyle = '#fff';
      draw.fillRect(0, 0, 600, 800);
      draw.fillStyle = '#000';
      draw.font = '48px serif';
      draw.fillText(`Answer page ${n}`, 80, 200);
      return canvas.toDataURL('image/png');
    }),
  );
  await maker.close();
  return urls.map((url, i) => ({
    name: `page-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(url.split(',')[1] ?? '', 'base64'),
  }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await adminToken();
  course = await api('/courses', {
    token: staff,
    body: { title: `Learn ${stamp}`, description: 'Students app journey' },
  });
  await enrolNewStudent(staff, course.id, student);

  const key = await uploadLecture(await recordClip(CLIP_SECONDS));
  lecture = await api('/resources', {
    token: staff,
    body: {
      courseId: course.id,
      name: 'Rates of reaction',
      type: 'video/webm',
      url: key,
      duration: CLIP_SECONDS,
      liveAt: '2026-01-01T08:00',
      recordingAt: '2026-01-01T08:00',
    },
  });

  const exam = (examType: string, title: string) => {
    const form = new FormData();
    form.set(
      'examDTO',
      JSON.stringify({
        courseId: course.id,
        title,
        description: 'Answer every question.',
        dueDate: '2099-12-01T10:00',
        examType,
        examIdentifier: `LEARN_${stamp}`.toUpperCase(),
      }),
    );
    if (examType === 'TRADITIONAL')
      form.set('examPaperFile', new Blob([paperPdf], { type: 'application/pdf' }), 'paper.pdf');
    return apiForm<{ id: number; examIdentifier: string }>('/api/v1/exams', staff, form);
  };
  mcq = await exam('MCQ', 'Kinetics MCQ');
  await addMcqQuestions(
    staff,
    mcq.id,
    ['Which raises the rate?', 'Units of a first-order k?', 'What does a catalyst lower?'].map((text, q) => ({
      questionText: text,
      options: ['Heat', 'per second', 'activation energy', 'pressure', 'none'].map((optionText, o) => ({
        optionText: `${optionText} (${q + 1}.${o + 1})`,
        isCorrect: o === q,
      })),
    })),
  );
  await api(`/api/v1/exams/${mcq.id}/publish`, { token: staff, method: 'POST' });
  partTwo = await exam('TRADITIONAL', 'Kinetics PART II');
  await api(`/api/v1/exams/${partTwo.id}/publish`, { token: staff, method: 'POST' });

  context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  page = await context.newPage();
}, 120_000);
afterAll(() => browser.close());

const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the students' app, as a student on a phone", () => {
  it('signs in at /learn/login and lists the course', async () => {
    await page.goto(`${baseURL()}/learn/login`);
    await page.getByPlaceholder('Enter your username').fill(student.username);
    await page.getByPlaceholder('Enter your password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Sign-in failed');
    await page.getByPlaceholder('Enter your password').fill(student.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My courses' }).waitFor();
    await page.getByRole('link', { name: new RegExp(course.title) }).waitFor();
    expect(await noSideScroll()).toBe(true);
  });

  it('plays the clip for a few seconds, and staff see that many seconds watched', async () => {
    await page.getByRole('link', { name: new RegExp(course.title) }).click();
    await page.getByRole('link', { name: /Rates of reaction/ }).click();
    const video = page.locator('video');
    await video.waitFor();
    await video.click();
    await video.evaluate((element: HTMLVideoElement) => (element.paused ? element.play() : undefined));
    const started = Date.now();
    // Play about five seconds of the clip, measured by the player itself, then pause.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(5);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    const played = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(Date.now() - started).toBeGreaterThan(4000);

    const watched = async () => {
      const records = await api<{ videoName: string; watchedDuration: number }[]>(
        `/api/watchtime/${student.username}`,
        {
          token: staff,
        },
      );
      return records.find((record) => record.videoName === 'Rates of reaction')?.watchedDuration ?? 0;
    };
    await expect.poll(watched, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(Math.abs((await watched()) - played)).toBeLessThanOrEqual(2);
    expect(lecture.id).toBeGreaterThan(0);
  });

  it('sits the MCQ: answers survive a reload, and the hand-in says when', async () => {
    await page.getByRole('link', { name: 'Exams', exact: true }).click();
    await page.getByRole('link', { name: /Kinetics MCQ/ }).click();
    await page.getByText('Which raises the rate?').waitFor();
    await page.getByLabel('Heat (1.1)').check();
    await page.getByLabel('per second (2.2)').check();
    await page.getByText('Saved', { exact: true }).waitFor();

    await page.reload();
    await page.getByText('Which raises the rate?').waitFor();
    await expect.poll(() => page.getByLabel('Heat (1.1)').isChecked()).toBe(true);
    expect(await page.getByLabel('per second (2.2)').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Review and submit' }).click();
    await page.getByText(/1 question unanswered/).waitFor();
    await page.getByLabel('activation energy (3.3)').check();
    await page.getByText('All 3 questions are answered.').waitFor();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByText(/Submitted/)
      .first()
      .waitFor();
    expect(await noSideScroll()).toBe(true);
  });

  it('hands in PART II as two photos, which staff download as one two-page PDF', async () => {
    await page.getByRole('link', { name: 'Exams', exact: true }).click();
    await page.getByRole('link', { name: /Kinetics PART II/ }).click();
    await page.locator('input[type=file][multiple]').setInputFiles(await pagePhotos());
    await page.getByRole('button', { name: 'Rotate page 2' }).waitFor();
    await page.getByRole('button', { name: 'Hand in' }).click();
    await page.getByText(/Handed in at/).waitFor({ timeout: 30_000 });

    const scripts = await api<{ studentId: number; submittedAnswerDownloadUrl: string | null }[]>(
      `/api/v1/submissions/exam/${partTwo.id}`,
      { token: staff },
    );
    const link = scripts[0]?.submittedAnswerDownloadUrl;
    expect(link).toBeTruthy();
    const pdf = await fetch(new URL(link ?? '', baseURL()));
    expect(pdf.status).toBe(200);
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getPageCount()).toBe(2);
  });

  it('shows the marks once staff publish them', async () => {
    const scripts = await api<{ id: number }[]>(`/api/v1/submissions/exam/${partTwo.id}`, { token: staff });
    const grade = new FormData();
    grade.set('traditionalScore', '72');
    grade.set('instructorFeedback', 'Good use of \\ce{2NO2 -> N2O4}.');
    await apiForm(`/api/v1/submissions/${scripts[0]?.id}/grade`, staff, grade);

    await page.getByRole('link', { name: 'Marks', exact: true }).click();
    await page.getByText(partTwo.examIdentifier).waitFor();
    // The MCQ paper is published, so its mark shows; PART II waits for its marks to be published.
    await page.getByText('50 / 50').waitFor();
    await page.getByText('Submitted — marks not published yet').waitFor();
    expect(await page.getByText('72 / 100').count()).toBe(0);

    await api(`/api/v1/exams/${partTwo.id}/publish-grades`, { token: staff, method: 'POST' });
    await page.reload();
    await page.getByText('72 / 100').waitFor();
    await page.getByText('· Grade B').waitFor();
    await page.getByText('Good use of').waitFor();
    expect(await noSideScroll()).toBe(true);
  });
});
