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
    await page.getByText('Available 24/7').waitFor();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseURL()}/no/such/page`);
    await page.waitForURL('**/dashboard');
  });
});
