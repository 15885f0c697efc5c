import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { adminToken, api, apiForm, baseURL, launchBrowser } from './support.js';

/**
 * The students' app in Sinhala and in Tamil on a 360 px phone: the language picked on the sign-in
 * page (and in Account), kept on the server, an MCQ sat and handed in, My marks and its PDF, every
 * screen in the chosen language and script, drawn in the self-hosted Noto font, without sideways
 * scrolling, and axe-core finding no violation on the sign-in, exam and My marks screens.
 */
let browser: Browser;
let staff: string;
const stamp = Date.now().toString(36);
let course: { id: number; title: string };

/** The words each journey finds on its screens, as the language packs write them. */
const WORDS = {
  si: {
    name: 'සිංහල',
    font: 'Noto Sans Sinhala',
    script: /[\u0D80-\u0DFF]/,
    username: 'පරිශීලක නාමය',
    password: 'මුරපදය',
    signIn: 'පිවිසෙන්න',
    myCourses: 'මගේ පාඨමාලා',
    exams: 'විභාග',
    reviewAndSubmit: 'පරීක්ෂා කර ඉදිරිපත් කරන්න',
    allAnswered: 'ප්‍රශ්න 2ටම පිළිතුරු දී ඇත.',
    submitAnswers: 'පිළිතුරු ඉදිරිපත් කරන්න',
    submit: 'ඉදිරිපත් කරන්න',
    submitted: 'ඉදිරිපත් කළා',
    marks: 'ලකුණු',
    myMarks: 'මගේ ලකුණු',
    downloadPdf: 'PDF ගොනුව බාගන්න',
    account: 'ගිණුම',
  },
  ta: {
    name: 'தமிழ்',
    font: 'Noto Sans Tamil',
    script: /[\u0B80-\u0BFF]/,
    username: 'பயனர் பெயர்',
    password: 'கடவுச்சொல்',
    signIn: 'உள்நுழைக',
    myCourses: 'எனது பாடநெறிகள்',
    exams: 'பரீட்சைகள்',
    reviewAndSubmit: 'சரிபார்த்துச் சமர்ப்பிக்கவும்',
    allAnswered: '2 வினாக்களுக்கும் விடையளிக்கப்பட்டுள்ளது.',
    submitAnswers: 'விடைகளைச் சமர்ப்பிக்கவும்',
    submit: 'சமர்ப்பி',
    submitted: 'சமர்ப்பிக்கப்பட்டது',
    marks: 'புள்ளிகள்',
    myMarks: 'எனது புள்ளிகள்',
    downloadPdf: 'PDF பதிவிறக்கு',
    account: 'கணக்கு',
  },
} as const;

type Language = keyof typeof WORDS;

async function newStudent(language: Language) {
  const student = { username: `lang.${language}.${stamp}`, password: 'lang-pass-1' };
  const { id } = await api<{ id: number }>('/students/signup', { token: staff, body: student });
  await api('/enrollments', { token: staff, body: { courseId: course.id, studentId: id } });
  return student;
}

async function phone(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    locale: 'en-GB',
    acceptDownloads: true,
  });
  return context.newPage();
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Whether the page drew text in this self-hosted font (a face of it was fetched and is in use). */
const fontLoaded = (page: Page, family: string) =>
  page.evaluate((wanted) => {
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, '') === wanted && face.status === 'loaded') loaded = true;
    });
    return loaded;
  }, family);

/** Sits the course's MCQ, sees it handed in, then My marks and its PDF: all in `language`. */
async function sitAndSeeMarks(page: Page, language: Language) {
  const words = WORDS[language];
  await page.getByRole('link', { name: words.exams, exact: true }).click();
  await page.getByRole('link', { name: /Equilibria/ }).click();
  await page.getByText('Which shifts the equilibrium?').waitFor();
  await page.getByLabel('Temperature').check();
  await page.getByLabel('Kc').check();
  await expectNoAxeViolations(page, `the exam (${language})`);
  await page.getByRole('button', { name: words.reviewAndSubmit }).click();
  await page.getByText(words.allAnswered).waitFor();
  await page.getByRole('button', { name: words.submitAnswers }).click();
  await page.getByRole('button', { name: words.submit, exact: true }).click();
  await page.getByRole('status').getByText(words.submitted).waitFor();
  expect(await noSideScroll(page)).toBe(true);

  await page.getByRole('link', { name: words.marks, exact: true }).click();
  await page.getByRole('heading', { name: words.myMarks }).waitFor();
  await page.getByRole('heading', { name: `LANG_${stamp}`.toUpperCase() }).waitFor();
  await expectNoAxeViolations(page, `My marks (${language})`);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: words.downloadPdf }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  // The PDF is in the student's language too (the server reads it from the account).
  const pdf = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-']).toString();
  expect(pdf).toContain(words.myMarks);
  expect(await noSideScroll(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  expect(await page.locator('main').innerText()).toMatch(words.script);
  expect(await fontLoaded(page, words.font)).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await adminToken();
  course = await api('/courses', { token: staff, body: { title: `Chemistry ${stamp}`, description: 'A/L' } });
  const form = new FormData();
  form.set(
    'examDTO',
    JSON.stringify({
      courseId: course.id,
      title: `Equilibria ${stamp}`,
      description: 'Answer both questions.',
      dueDate: '2099-12-01T10:00',
      examType: 'MCQ',
      examIdentifier: `LANG_${stamp}`.toUpperCase(),
    }),
  );
  const exam = await apiForm<{ id: number }>('/api/v1/exams', staff, form);
  const questions = new FormData();
  questions.set(
    'questions',
    JSON.stringify([
      {
        questionText: 'Which shifts the equilibrium?',
        options: ['Temperature', 'A catalyst', 'Stirring', 'Time', 'None'].map((optionText, o) => ({
          optionText,
          isCorrect: o === 0,
        })),
      },
      {
        questionText: 'Which constant uses concentrations?',
        options: ['Kc', 'Kp', 'Kw', 'Ka', 'Kb'].map((optionText, o) => ({ optionText, isCorrect: o === 0 })),
      },
    ]),
  );
  await apiForm(`/api/v1/exams/${exam.id}/mcq-questions/bulk`, staff, questions);
  await api(`/api/v1/exams/${exam.id}/publish`, { token: staff, method: 'POST' });
}, 120_000);
afterAll(() => browser.close());

describe("the students' app in Sinhala and in Tamil, at 360 px", () => {
  it('Sinhala: picked on the sign-in page, kept on the server after sign-in; an exam sat, My marks and its PDF', async () => {
    const student = await newStudent('si');
    const words = WORDS.si;
    const page = await phone();
    await page.goto(`${baseURL()}/learn/login`);
    await page.getByRole('heading', { name: 'Valence for students' }).waitFor();
    await page.getByRole('radio', { name: words.name }).check();
    await page.getByRole('heading', { name: 'සිසුන් සඳහා Valence' }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
    await expectNoAxeViolations(page, 'sign-in (si)');

    await page.getByLabel(words.username).fill(student.username);
    await page.getByLabel(words.password).fill(student.password);
    const saved = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/me'));
    await page.getByRole('button', { name: words.signIn }).click();
    await page.getByRole('heading', { name: words.myCourses }).waitFor();
    expect((await saved).postDataJSON()).toEqual({ language: 'si' });

    await sitAndSeeMarks(page, 'si');
    await page.context().close();
  });

  it('Tamil: switched in Account, kept on the server; an exam sat, My marks and its PDF', async () => {
    const student = await newStudent('ta');
    const words = WORDS.ta;
    const page = await phone();
    await page.goto(`${baseURL()}/learn/login`);
    await page.getByLabel('Username').fill(student.username);
    await expectNoAxeViolations(page, 'sign-in (en, before Tamil is chosen)');
    await page.getByLabel('Password').fill(student.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My courses' }).waitFor();

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/me'),
    );
    await page.getByRole('radio', { name: words.name }).check();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ username: student.username, language: 'ta', dataSaver: false });
    await page.getByRole('heading', { name: words.account }).waitFor();
    expect(await noSideScroll(page)).toBe(true);

    await sitAndSeeMarks(page, 'ta');

    // Signed out and in again on a phone whose browser says English: the server's Tamil wins.
    const again = await phone();
    await again.goto(`${baseURL()}/learn/login`);
    await again.getByLabel('Username').fill(student.username);
    await again.getByLabel('Password').fill(student.password);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByRole('heading', { name: words.myCourses }).waitFor();
    await page.context().close();
    await again.context().close();

    // The sign-in page with Tamil picked on it, as a new phone shows it.
    const picker = await phone();
    await picker.goto(`${baseURL()}/learn/login`);
    await picker.getByRole('radio', { name: words.name }).check();
    await picker.getByRole('button', { name: words.signIn }).waitFor();
    expect(await picker.evaluate(() => document.documentElement.lang)).toBe('ta');
    await expectNoAxeViolations(picker, 'sign-in (ta)');
    await picker.context().close();
  });
});
