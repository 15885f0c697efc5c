import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseURL()}/login`);
  await page.getByPlaceholder('Enter your username').fill(username);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs the seeded admin in and waits for the dashboard; answers the portal's origin. */
export async function signInAsAdmin(page: Page): Promise<string> {
  await signIn(page, inject('adminUsername'), inject('adminPassword'));
  await page.waitForURL(/\/dashboard$/);
  return new URL(page.url()).origin;
}

/** The page's uncaught errors, gathered as they happen so a journey can end by expecting none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Direct API calls for set-up that is not the journey under test. */
export async function api<T>(
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : null,
  });
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A multipart call (exams, questions, answers) for set-up. */
export async function apiForm<T>(path: string, token: string, form: FormData): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates an exam through the portal's multipart call: its settings, and for a PART II its paper. */
export function createExam<T = { id: number }>(
  token: string,
  dto: Record<string, unknown>,
  paper?: Uint8Array,
): Promise<T> {
  const form = new FormData();
  form.append('examDTO', JSON.stringify(dto));
  if (paper) form.append('examPaperFile', new Blob([new Uint8Array(paper)], { type: 'application/pdf' }), 'paper.pdf');
  return apiForm<T>('/api/v1/exams', token, form);
}

/** Signs a new student up and enrols them (active, the default) in the course; answers their id. */
export async function enrolNewStudent(
  token: string,
  courseId: number,
  student: { username: string; password: string },
): Promise<number> {
  const { id } = await api<{ id: number }>('/students/signup', { token, body: student });
  await api('/enrollments', { token, body: { courseId, studentId: id } });
  return id;
}

export type NewMcqQuestion = { questionText: string; options: { optionText: string; isCorrect: boolean }[] };

/** Adds an MCQ exam's questions in one call, as a bulk import does; answers them as saved. */
export function addMcqQuestions(
  token: string,
  examId: number,
  questions: NewMcqQuestion[],
): Promise<{ id: number; options: { id: number }[] }[]> {
  const form = new FormData();
  form.set('questions', JSON.stringify(questions));
  return apiForm(`/api/v1/exams/${examId}/mcq-questions/bulk`, token, form);
}

/** A due date a week from now, for papers a journey must still be able to hand in. */
export const aWeekAhead = () => new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();

export async function tokenFor(username: string, password: string): Promise<string> {
  return (await api<{ jwtToken: string }>('/signin', { body: { username, password } })).jwtToken;
}

export const adminToken = () => tokenFor(inject('adminUsername'), inject('adminPassword'));
