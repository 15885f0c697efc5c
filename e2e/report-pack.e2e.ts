import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, launchBrowser, signIn } from './support.js';

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);
const username = `nimali-${stamp}`;
const courseTitle = `Thermochemistry ${stamp}`;
const PDFJS = path.join(process.cwd(), 'node_modules/pdfjs-dist/legacy/build');

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
  it("downloads a student's report pack and renders its first page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, inject('adminUsername'), inject('adminPassword'));
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Students' }).click();
    await page.getByPlaceholder('Search by username...').fill(username);
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

    // pdftoppm is not on this machine and the project's scripts install only Chromium, so the page
    // is rendered with pdf.js inside the browser (a blank page of its own: the portal's CSP would
    // refuse a script from a blob), and its text read back from the same document.
    const [lib, worker] = await Promise.all([
      readFile(path.join(PDFJS, 'pdf.min.mjs'), 'utf8'),
      readFile(path.join(PDFJS, 'pdf.worker.min.mjs'), 'utf8'),
    ]);
    const viewer = await context.newPage();
    const rendered = await viewer.evaluate(
      async ({ lib, worker, data }) => {
        const url = (source: string) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        // Written as text: the test runner would rewrite an import() in this function's source.
        const load = new Function('url', 'return import(url)') as (url: string) => Promise<typeof import('pdfjs-dist')>;
        const pdfjs = await load(url(lib));
        // The worker's code on this page's thread (pdf.js's "fake worker"): a module Worker from a
        // blob crashes a blank page in this Chromium.
        (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await load(url(worker));
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const doc = await pdfjs.getDocument({ data: bytes }).promise;
        const first = await doc.getPage(1);
        const viewport = first.getViewport({ scale: 1.5 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        const context2d = canvas.getContext('2d') as CanvasRenderingContext2D;
        await first.render({ canvasContext: context2d, canvas, viewport }).promise;
        const pixels = context2d.getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128) inked += 1;
        const text = (await first.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
        return { png: canvas.toDataURL('image/png'), pages: doc.numPages, inked, text };
      },
      { lib, worker, data: pdf.toString('base64') },
    );
    const png = Buffer.from(rendered.png.replace(/^data:image\/png;base64,/, ''), 'base64');
    await writeFile(path.join(os.tmpdir(), `report-pack-${stamp}.png`), png);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(rendered.pages).toBe(1);
    // Text drawn: dark pixels, and the words the pack must hold.
    expect(rendered.inked).toBeGreaterThan(1000);
    for (const words of ['Valence Institute of Chemistry', `Student: ${username}`, courseTitle, 'Report pack']) {
      expect(rendered.text).toContain(words);
    }
    await context.close();
  });
});
