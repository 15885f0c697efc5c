import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, baseURL, launchBrowser, signIn } from './support.js';

let browser: Browser;
let courseId: number;
const stamp = Date.now().toString(36);
const kept = `Equilibria ${stamp}`;
const deleted = `Le Chatelier ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  courseId = (await api<{ id: number }>('/courses', { token, body: { title: `Coverage ${stamp}`, description: 'x' } }))
    .id;
  // Two lectures with a length, so both are in the watch coverage too.
  for (const [name, video] of [
    [kept, 'dQw4w9WgXcQ'],
    [deleted, 'M7lc1UVf-VE'],
  ]) {
    await api('/resources', {
      token,
      body: {
        courseId,
        name,
        type: 'link',
        url: `https://www.youtube.com/watch?v=${video}`,
        duration: 600,
        liveAt: '2026-01-01T08:00',
        recordingAt: '2026-01-01T08:00',
      },
    });
  }
});
afterAll(() => browser.close());

describe('a lecture deleted on the course page', () => {
  it('leaves the resources and the watch coverage at once, without a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/courses/${courseId}`);

    const resources = page.getByRole('region', { name: 'Resources' });
    const coverage = page.getByRole('table', { name: 'Watch coverage by lecture' });
    const row = (name: string) => coverage.getByRole('cell', { name, exact: true });
    await resources.getByRole('article', { name: deleted }).waitFor();
    await row(deleted).waitFor();
    await row(kept).waitFor();
    let reloaded = false;
    page.on('load', () => {
      reloaded = true;
    });

    await resources.getByRole('article', { name: deleted }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();

    await resources.getByRole('article', { name: deleted }).waitFor({ state: 'detached' });
    await row(deleted).waitFor({ state: 'detached' });
    // The other lecture stays in both.
    expect(await resources.getByRole('article', { name: kept }).count()).toBe(1);
    expect(await row(kept).count()).toBe(1);
    expect(reloaded).toBe(false);
    await context.close();
  });
});
