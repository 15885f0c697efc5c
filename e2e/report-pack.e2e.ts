import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, launchBrowser, signInAsAdmin } from './support.js';

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);
const username = `nimali-${stamp}`;
const courseTitle = `Thermochemistry ${stamp}`;

/** The PDF's first page as one picture file named `out` plus the format's extension, by pdftoppm. */
function firstPage(pdf: string, out: string, ...format: string[]) {
  execFileSync('pdftoppm', [...format, '-f', '1', '-l', '1', '-singlefile', pdf, out]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  await api('/settings/institute', {
    token,
    method: 'PUT',
    body: { name: 'Valence Institute of Chemistry', address: '12 Galle Road, Colombo 3', contact: '011 234 5678' },
  });
  const course = await api<{ id: number }>('/courses', {
    token,
    body: { title: courseTitle, description: 'Enthalpy' },
  });
  const student = await api<{ id: number }>('/students/signup', {
    token,
    body: { username, password: 'student-pw-1' },
  });
  await api('/enrollments', { token, body: { courseId: course.id, studentId: student.id, status: 'ACTIVE' } });
});
afterAll(() => browser.close());

describe('report pack', () => {
  it("downloads a student's report pack and renders its first page with pdftoppm", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Students' }).click();
    await page.getByPlaceholder('Search by username or name...').fill(username);
    await page
      .getByRole('row', { name: new RegExp(username) })
      .getByRole('button', { name: 'View' })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Report pack' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-pack-${username}.pdf`);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The first page drawn to a picture by poppler's pdftoppm (scripts/ensure-test-tools.mjs installs
    // it) and its text read by pdftotext: what a parent's PDF reader would show.
    const dir = await mkdtemp(path.join(os.tmpdir(), `report-pack-${stamp}-`));
    const file = path.join(dir, 'pack.pdf');
    await writeFile(file, pdf);
    firstPage(file, path.join(dir, 'page-1'), '-png', '-r', '100');
    const png = await readFile(path.join(dir, 'page-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Kept for a person to look at.
    await writeFile(path.join(os.tmpdir(), `report-pack-${stamp}.png`), png);
    // The same page as raw grey pixels (PGM: a short text header, then a byte a pixel) to count the inked ones.
    firstPage(file, path.join(dir, 'page-1'), '-gray', '-r', '50');
    const pgm = await readFile(path.join(dir, 'page-1.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    expect(header).not.toBeNull();
    const [width, height] = [Number(header?.[1]), Number(header?.[2])];
    const pixels = pgm.subarray(pgm.length - width * height);
    let inked = 0;
    for (const value of pixels) if (value < 128) inked += 1;
    expect(inked).toBeGreaterThan(500);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // One page, and the words the pack must hold.
    expect(text.split('\f').filter((pageText) => pageText.trim()).length).toBe(1);
    for (const words of ['Valence Institute of Chemistry', `Student: ${username}`, courseTitle, 'Report pack']) {
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    }
    await rm(dir, { recursive: true, force: true });
    await context.close();
  });
});
