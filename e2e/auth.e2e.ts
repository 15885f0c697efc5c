import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { adminToken, api, baseURL, launchBrowser, signIn } from './support.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  const context = await browser.newContext();
  page = await context.newPage();
});

describe('signing in and out', () => {
  it('takes the superadmin to the dashboard, and after logout the guard sends them to /login', async () => {
    await page.goto(`${baseURL()}/dashboard`);
    await page.waitForURL('**/login');

    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('roles'))).toContain('ROLE_SUPERADMIN');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(/\/(login|signin)$/);
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();

    await page.goto(`${baseURL()}/students`);
    await page.waitForURL('**/login');
  });

  it.each(['dashboard', 'course page'])(
    'logs out from the %s without a single unauthorised request or console error',
    async (where) => {
      const refused: string[] = [];
      const consoleErrors: string[] = [];
      const inFlight = new Set<unknown>();
      page.on('request', (request) => {
        if (request.url().includes('/api/')) inFlight.add(request);
      });
      page.on('requestfinished', (request) => inFlight.delete(request));
      page.on('requestfailed', (request) => inFlight.delete(request));
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 401)
          refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });

      await signIn(page, inject('adminUsername'), inject('adminPassword'));
      await page.waitForURL('**/dashboard');
      // What the page holds is loaded: those queries are what a careless logout fetches again.
      await page.getByLabel('Total Students').getByText(/^\d+$/).waitFor();
      await page.getByLabel('Total Courses').getByText(/^\d+$/).waitFor();
      if (where === 'course page') {
        const course = await api<{ id: number }>('/courses', {
          token: await adminToken(),
          body: { title: `Logout check ${Date.now()}`, description: 'Signed out from here' },
        });
        await page.goto(`${baseURL()}/courses/${course.id}`);
        await page.getByText('No resources available').waitFor();
        await page.getByText('No students assigned yet.').waitFor();
      }
      await expect.poll(() => inFlight.size).toBe(0);

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
      // Whatever the logout set off has been answered once nothing is in flight any more.
      await expect.poll(() => inFlight.size).toBe(0);
      expect(refused).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  );

  it('loads sign-in without its schemas, and fetches them once a field is focused', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const schemasAsked = () => scripts.some((script) => script.includes('/signin-schemas-'));
    await page.goto(`${baseURL()}/login`);
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(schemasAsked()).toBe(false);

    await page.getByPlaceholder('Enter your username').focus();
    await expect.poll(schemasAsked).toBe(true);
    // Checked with the contract's messages once they are there.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required.').waitFor();
  });

  it('shows the failure text for a wrong password', async () => {
    await signIn(page, inject('adminUsername'), 'wrong-password');
    await page.getByText('Login failed. Please check your username and password.').waitFor();
    expect(page.url()).toMatch(/\/login$/);
  });

  it('refuses a student account in the portal', async () => {
    const token = await adminToken();
    await api('/students/signup', { token, body: { username: 'portal-student', password: 'student-pw' } });
    await signIn(page, 'portal-student', 'student-pw');
    await page.getByText(/staff only/i).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  });

  it('sends unknown paths to /dashboard when signed in, and the contact page is public', async () => {
    await page.goto(`${baseURL()}/contact`);
    // The institute's own details once set, or the sentence saying to ask the institute.
    await page.getByText(/Available 24\/7|please ask the institute directly/).waitFor();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/no/such/page`);
    await page.waitForURL('**/dashboard');
  });
});
