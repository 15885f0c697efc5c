import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, launchBrowser, signIn } from './support.js';

let browser: Browser;
const stamp = Date.now().toString(36);
const word = `Reloaded ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  // Eight courses that match the search, so it has a second page (6 a page).
  for (let i = 1; i <= 8; i++) {
    await api('/courses', { token, body: { title: `${word} course ${i}`, description: 'Paging check' } });
  }
});
afterAll(() => browser.close());

describe('paged lists in the address', () => {
  it('keeps the page and the search of a list across a reload and the back button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');

    const search = page.getByPlaceholder('Search by course title...');
    await search.fill(word);
    // The search reaches the address 300 ms after the last key; only then is page 2 of it chosen.
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByText('Page 1 of 2 (8 items)').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2 (8 items)').waitFor();
    const onPageTwo = (await page.getByRole('article').allTextContents()).length;
    expect(onPageTwo).toBe(2);

    await page.reload();
    await page.getByText('Page 2 of 2 (8 items)').waitFor();
    await expect.poll(() => search.inputValue()).toBe(word);
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Back goes to the page before, with the same search.
    await page.goBack();
    await page.getByText('Page 1 of 2 (8 items)').waitFor();
    expect(await search.inputValue()).toBe(word);
    await context.close();
  });
});
