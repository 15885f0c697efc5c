import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, apiForm, baseURL, createExam, launchBrowser, signIn } from './support.js';

let browser: Browser;
let courseId: number;
let mcqId: number;
const stamp = Date.now().toString(36);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  // Enough courses for the pagination control, then the newest: long texts on purpose, and paused
  // for its badge, as they are what squeezes buttons and badges on a narrow screen.
  for (let i = 1; i <= 7; i++)
    await api('/courses', { token, body: { title: `Phone filler ${i} ${stamp}`, description: 'Page filler' } });
  const course = await api<{ id: number }>('/courses', {
    token,
    body: {
      title: `Chemical Equilibrium and Reaction Kinetics ${stamp}`,
      description: 'Le Chatelier, rate laws, activation energy and the Arrhenius equation',
    },
  });
  courseId = course.id;
  await api(`/enrollments/course/${courseId}/disable`, { token, method: 'PUT' });
  for (const name of ['Lecture 1: rate laws and reaction orders explained', 'Short clip']) {
    await api('/resources', {
      token,
      body: {
        name,
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        type: 'link',
        courseId,
        duration: 3723,
        liveAt: '2026-11-23T10:00',
        recordingAt: '2026-11-20T09:00',
        expiresAt: null,
      },
    });
  }
  await api('/staff', {
    token,
    body: { username: `phone-tutor-${stamp}`, password: 'tutor-pw-1', role: 'ROLE_ADMIN' },
  });
  // An MCQ paper with a long formula, for the exams, questions and submissions screens.
  mcqId = (
    await createExam(token, {
      courseId,
      title: 'Term test 1 – Paper I (multiple choice, two hours)',
      description: 'Equilibria, kinetics and thermochemistry',
      dueDate: '2027-01-15T09:00',
      examType: 'MCQ',
      examIdentifier: `PHONE_${stamp.toUpperCase()}_TERM_TEST_ONE`,
    })
  ).id;
  const question = new FormData();
  question.append(
    'questionDTO',
    JSON.stringify({
      questionText:
        'For $\\ce{N2(g) + 3H2(g) <=> 2NH3(g)}$, $\\Delta H < 0$: which change raises the yield of \\ce{NH3}?',
      options: [
        'Raising the pressure',
        'Raising the temperature',
        'Adding a catalyst',
        'Removing \\ce{H2}',
        'Adding argon',
      ].map((optionText, i) => ({ optionText, isCorrect: i === 0 })),
    }),
  );
  await apiForm(`/api/v1/exams/${mcqId}/mcq-questions`, token, question);
});
afterAll(() => browser.close());

/**
 * Every button, badge, input and select on the page whose own text does not fit in it: a label cut
 * off by overflow, a placeholder or chosen option wider than its box, or a page wider than the
 * screen. Returns a readable description per offender.
 */
function clippedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}[${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}]`;
    const context = document.createElement('canvas').getContext('2d');
    const textWidth = (element: Element, text: string) => {
      if (!context) return 0;
      context.font = getComputedStyle(element).font;
      return context.measureText(text).width;
    };
    const contentWidth = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    };

    // Buttons and badges: the box itself or a span inside it (Mantine's label, squeezed to zero width
    // beside an icon) hiding part of the text.
    for (const root of Array.from(document.querySelectorAll('button, [role="button"], .mantine-Badge-root'))) {
      if (!visible(root)) continue;
      const parts = [root, ...Array.from(root.querySelectorAll('span'))];
      if (parts.some((element) => element.scrollWidth > element.clientWidth + 1))
        problems.push(`clipped ${nameOf(root)}`);
    }
    // Inputs: their placeholder (when empty) must fit, and a select must show its chosen option whole.
    for (const input of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
    )) {
      if (!visible(input) || input.type === 'file' || input.type === 'hidden' || input.value) continue;
      if (input.placeholder && textWidth(input, input.placeholder) > contentWidth(input) + 1)
        problems.push(`placeholder cut: "${input.placeholder}"`);
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      if (!visible(select)) continue;
      const chosen = select.selectedOptions[0]?.textContent ?? '';
      if (textWidth(select, chosen) > contentWidth(select) + 1) problems.push(`select cut: "${chosen}"`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    return problems;
  });
}

/** Screenshots for a person checking the layout by eye: set E2E_SCREENSHOT_DIR to keep them. */
async function snapshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function expectNothingClipped(page: Page, screen: string): Promise<void> {
  // Measure the settled layout, not a dialog halfway through its opening transition.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await snapshot(page, `${screen}-${page.viewportSize()?.width}`);
  expect.soft({ screen, problems: await clippedElements(page) }).toEqual({ screen, problems: [] });
}

describe.each([
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
])('every screen on %s', (_label, viewport) => {
  it('paints the header before any script runs, where the portal then draws it', async () => {
    const brandBox = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${baseURL()}/dashboard`);
      // With scripts the portal has taken over once the sign-in form is there; without, the page is
      // index.html alone.
      if (javaScriptEnabled) await page.getByRole('button', { name: 'Login' }).waitFor();
      const headers = await page.locator('header').count();
      const brand = page.locator('header').getByRole('link', { name: 'Valence' });
      const box = await brand.boundingBox();
      const rule = await page.locator('header').evaluate((header) => getComputedStyle(header).borderBottomColor);
      await context.close();
      return { headers, box, rule };
    };
    const before = await brandBox(false);
    const after = await brandBox(true);
    expect(before.headers).toBe(1);
    expect(after.headers).toBe(1);
    expect(before.box).not.toBeNull();
    expect(before).toEqual(after);
  });

  it('shows every button, badge, placeholder and select in full', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();

    await page.goto(`${baseURL()}/contact`);
    // The institute's own details once set, or the sentence saying to ask the institute.
    await page.getByText(/Available 24\/7|please ask the institute directly/).waitFor();
    await expectNothingClipped(page, 'contact');

    await page.goto(`${baseURL()}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expectNothingClipped(page, 'login');

    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL('**/dashboard');
    await page.getByRole('article').first().waitFor();
    await page.getByRole('article').first().getByText('Paused').waitFor();
    await page.getByText(/Page 1 of \d+/).waitFor();
    await expectNothingClipped(page, 'dashboard');
    await page.getByRole('article').first().getByRole('button', { name: 'Delete' }).click();
    const courseDialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await courseDialog.getByText(/^Are you sure you want to delete Chemical Equilibrium/).waitFor();
    await expectNothingClipped(page, 'dashboard-confirm');
    await courseDialog.getByRole('button', { name: 'Cancel' }).click();
    await courseDialog.waitFor({ state: 'detached' });

    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await expectNothingClipped(page, 'navigation');
      await page.getByRole('link', { name: 'Dashboard' }).click();
    }

    await page.goto(`${baseURL()}/courses`);
    await page.getByRole('article').first().waitFor();
    await expectNothingClipped(page, 'courses');

    await page.goto(`${baseURL()}/courses/${courseId}`);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('article', { name: 'Short clip' }).waitFor();
    await expectNothingClipped(page, 'course-detail');
    await page.getByRole('article', { name: 'Short clip' }).getByRole('button', { name: 'Delete' }).click();
    const resourceDialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await resourceDialog.getByText('Are you sure you want to delete Short clip?').waitFor();
    await expectNothingClipped(page, 'resource-confirm');
    await resourceDialog.getByRole('button', { name: 'Cancel' }).click();
    await resourceDialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Short clip' }).waitFor();
    // The two buttons the first walk found cut down to an icon and to "D" / "Delet".
    expect(await page.getByRole('button', { name: 'Edit' }).innerText()).toBe('Edit');
    for (const text of await page.getByRole('button', { name: 'Delete' }).allInnerTexts()) expect(text).toBe('Delete');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectNothingClipped(page, 'course-edit');

    await page.goto(`${baseURL()}/staff`);
    await page.getByText(`phone-tutor-${stamp}`).waitFor();
    await expectNothingClipped(page, 'staff');
    const role = page.getByLabel('Role');
    await role.selectOption('ROLE_ADMIN');
    await expectNothingClipped(page, 'staff-admin-role');
    await role.selectOption('ROLE_SUPERADMIN');
    await expectNothingClipped(page, 'staff-superadmin-role');

    await page.goto(`${baseURL()}/exams?courseId=${courseId}`);
    await page.getByRole('button', { name: 'Publish Exam' }).waitFor();
    await expectNothingClipped(page, 'exams');
    await page.getByRole('button', { name: 'Create New Exam' }).click();
    await page.getByRole('dialog', { name: 'Create New Exam' }).getByLabel('Title').waitFor();
    await expectNothingClipped(page, 'exams-create');
    await page.keyboard.press('Escape');

    await page.goto(`${baseURL()}/exams/${mcqId}/manage-questions`);
    await page.getByRole('article', { name: 'Question 1' }).locator('.katex').first().waitFor();
    await expectNothingClipped(page, 'manage-questions');

    await page.goto(`${baseURL()}/exams/${mcqId}/submissions`);
    await page.getByText('No submissions yet.').waitFor();
    await expectNothingClipped(page, 'submissions');

    await page.goto(`${baseURL()}/admin/student-marks-summary`);
    await page.getByRole('button', { name: 'Get Summary' }).waitFor();
    await expectNothingClipped(page, 'marks-summary');

    await page.goto(`${baseURL()}/student/combined-exam-scores`);
    await page.getByRole('button', { name: 'View Score' }).waitFor();
    await expectNothingClipped(page, 'combined-scores');

    await context.close();
  });
});
