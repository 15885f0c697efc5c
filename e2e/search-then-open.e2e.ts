import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, launchBrowser, signIn } from './support.js';

let browser: Browser;
let courseId: number;
const stamp = Date.now().toString(36);
const title = `Redox Potentials ${stamp}`;

// The search reaches the address 300 ms after the last key (SEARCH_DEBOUNCE_MS).
const PAUSE_MS = 300;
// The course page's code is held back this long on its first visit, as on a slow line, so the
// search's pause ends while the navigation to it still waits.
const SLOW_CODE_MS = 800;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  courseId = (await api<{ id: number }>('/courses', { token, body: { title, description: 'Cells and electrodes' } }))
    .id;
});
afterAll(() => browser.close());

describe('a course opened from the dashboard search', () => {
  // Clicked at once, halfway through the search's pause and after it: each opens the course, and a
  // search still waiting to reach the address never brings the user back to the dashboard.
  for (const moment of [0, PAUSE_MS / 2, PAUSE_MS + 200]) {
    it(`opens the course clicked ${moment} ms after the last key, with no search carried over`, async () => {
      // A context of its own: the course page's code is not yet loaded, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page, inject('adminUsername'), inject('adminPassword'));
      await page.waitForURL('**/dashboard');

      // Find the course, then type more of its title: its card stays while the new search waits.
      const box = page.getByPlaceholder('Search by course title...');
      await box.fill(stamp);
      const card = page.getByRole('article', { name: title });
      await card.waitFor();
      await page.waitForURL(/[?&]q=/);
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_CODE_MS));
        await route.continue();
      });
      await box.fill(title);
      // The moment is what this journey is about: no locator can wait for it.
      if (moment > 0) await page.waitForTimeout(moment);
      await card.getByRole('link', { name: title }).click();

      await page.waitForURL(new RegExp(`/courses/${courseId}$`), { timeout: 10_000 });
      await page.getByRole('heading', { name: title }).waitFor();
      // Still there once everything the dashboard had pending has run out.
      await page.waitForTimeout(PAUSE_MS);
      const address = new URL(page.url());
      expect(address.pathname).toBe(`/courses/${courseId}`);
      expect(address.search).toBe('');
      await context.close();
    });
  }
});
