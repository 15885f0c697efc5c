import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, baseURL, launchBrowser, signIn } from './support.js';

// A lecture uploaded on the course page becomes HLS, and a student plays it through hls.js on a
// 360 px phone: lowest quality first, 360p chosen, the watermark over it, the seconds counted.
let browser: Browser;
let token: string;
let courseId: number;
const stamp = Date.now().toString(36);
const student = { username: `viewer-${stamp}`, password: 'viewer-password-1' };
const clipName = `titration-${stamp}.mp4`;
let clip: Buffer;
const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'valence-e2e-clip-'));
  const file = path.join(dir, 'clip.mp4');
  // Eight seconds of 720p with sound, small: the ladder makes 360p, 540p and 720p of it.
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '8',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '32',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    file,
  ]);
  clip = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  browser = await launchBrowser();
  token = await adminToken();
  courseId = (
    await api<{ id: number }>('/courses', { token, body: { title: `Titrations ${stamp}`, description: 'x' } })
  ).id;
  const created = await api<{ id: number }>('/students/signup', { token, body: student });
  await api('/enrollments', { token, body: { studentId: created.id, courseId, status: 'ACTIVE' } });
}, 120_000);
afterAll(() => browser.close());

describe('a streamed lecture on a phone', () => {
  let staffContext: BrowserContext;
  let staffPage: Page;

  it('the tutor uploads a clip at 360 px and waits for its streaming versions', async () => {
    staffContext = await browser.newContext(phone);
    staffPage = await staffContext.newPage();
    await signIn(staffPage, inject('adminUsername'), inject('adminPassword'));
    await staffPage.waitForURL('**/dashboard');
    await staffPage.goto(`${baseURL()}/courses/${courseId}`);
    await staffPage.getByLabel('Resource File').setInputFiles({ name: clipName, mimeType: 'video/mp4', buffer: clip });
    await staffPage.getByLabel('Live At').fill('2026-01-01T08:00');
    await staffPage.getByLabel('Recording At').fill('2026-01-01T07:00');
    await staffPage.getByRole('button', { name: 'Add Resource' }).click();
    await staffPage.getByText('Resource added successfully').waitFor({ timeout: 30_000 });
    const card = staffPage.getByRole('region', { name: 'Resources' }).getByRole('article', { name: clipName });
    await card.getByText('Ready (360p · 540p · 720p)').waitFor({ timeout: 90_000 });
  });

  it('the student plays it through hls.js, switches to 360p, sees the watermark, and staff see the seconds', async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const streamed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/streams/')) streamed.push(request.url().split('?')[0] ?? '');
    });
    await page.goto(`${baseURL()}/learn/login`);
    await page.getByPlaceholder('Enter your username').fill(student.username);
    await page.getByPlaceholder('Enter your password').fill(student.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: new RegExp(`Titrations ${stamp}`) }).click();
    await page.getByRole('link', { name: new RegExp(clipName) }).click();
    const video = page.locator('video');
    await video.waitFor();

    // hls.js plays it from a Media Source (a blob: address), starting on the lowest rendition.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/);
    await expect.poll(() => streamed.some((url) => url.endsWith('/master.m3u8'))).toBe(true);
    await expect.poll(() => streamed.find((url) => url.endsWith('.ts')) ?? '', { timeout: 20_000 }).toContain('/360p/');

    const quality = page.getByLabel('Quality');
    await quality.selectOption('360');
    expect(await quality.inputValue()).toBe('360');
    // Auto may have climbed meanwhile; from here on every segment is 360p.
    const chosenAt = streamed.length;

    const watermark = page.getByTestId('watermark');
    expect(await watermark.isVisible()).toBe(true);
    expect(await watermark.textContent()).toContain(student.username);

    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(4);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    const played = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(360);
    expect(
      streamed
        .slice(chosenAt)
        .filter((url) => url.endsWith('.ts'))
        .every((url) => url.includes('/360p/')),
    ).toBe(true);

    // The staff's watch-time list of the student.
    const watched = async () => {
      const records = await api<{ videoName: string; watchedDuration: number }[]>(
        `/api/watchtime/${student.username}`,
        {
          token,
        },
      );
      return records.find((record) => record.videoName === clipName)?.watchedDuration ?? 0;
    };
    await expect.poll(watched, { timeout: 15_000 }).toBeGreaterThan(0);
    const seconds = await watched();
    expect(Math.abs(seconds - played)).toBeLessThanOrEqual(2);

    // The same seconds on the staff's Students screen, in the student's watch records (a clip under a minute reads "5s").
    await staffPage.goto(`${baseURL()}/students`);
    await staffPage.getByPlaceholder('Search by username or name...').fill(student.username);
    const view = staffPage.getByRole('button', { name: 'View' });
    await expect.poll(() => view.count(), { timeout: 15_000 }).toBe(1);
    await view.click();
    // At 360 px each record is a card of the list.
    const record = staffPage
      .getByRole('list', { name: 'Watch Time Records' })
      .getByRole('listitem')
      .filter({ hasText: clipName });
    await record.waitFor();
    expect(await record.textContent()).toContain(`${Math.round(seconds)}s`);
    await context.close();
    await staffContext.close();
  });
});
