import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pagePreload } from './vite-plugin-page-preload.js';

type Hook = (...args: unknown[]) => Promise<void> | void;

const chunk = (fileName: string, more: Record<string, unknown> = {}) => ({
  type: 'chunk',
  name: path.basename(fileName, '.js'),
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [] as string[],
  ...more,
});

describe('pagePreload', () => {
  let root: string;
  const template =
    '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/index.js"></script>\n  </head>\n</html>\n';

  async function build(
    pages: Record<string, string | readonly string[]>,
    bundle: Record<string, unknown>,
    { urgent, routesDir = 'src/app/routes', base = '/' }: { urgent?: string[]; routesDir?: string; base?: string } = {},
  ) {
    const plugin = pagePreload({ pages, routesDir, urgent });
    (plugin.configResolved as Hook)({ root, base, build: { outDir: 'dist' } });
    await (plugin.writeBundle as Hook).call({}, {}, bundle);
  }

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'valence-preload-'));
    await mkdir(path.join(root, 'dist'));
    await writeFile(path.join(root, 'dist', 'index.html'), template);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const routes = (name: string) => path.join(root, 'src/app/routes', `${name}.tsx`);

  it("writes each page's entry with its chunks and their imports, never what the first bundle loads", async () => {
    await build(
      { 'courses/:id': 'course-detail', exams: 'exams' },
      {
        'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/runtime.js'] }),
        'assets/runtime.js': chunk('assets/runtime.js'),
        'assets/course-detail.js': chunk('assets/course-detail.js', {
          isDynamicEntry: true,
          facadeModuleId: routes('course-detail'),
          imports: ['assets/ui.js', 'assets/runtime.js'],
          viteMetadata: { importedCss: new Set(['assets/course-detail.css']) },
        }),
        'assets/ui.js': chunk('assets/ui.js', { imports: ['assets/icon.js', 'assets/runtime.js'] }),
        'assets/icon.js': chunk('assets/icon.js', { imports: ['assets/ui.js'] }),
        'assets/exams.js': chunk('assets/exams.js', {
          isDynamicEntry: true,
          facadeModuleId: routes('exams'),
          imports: ['assets/ui.js'],
        }),
        // A lazy chunk outside the routes folder (a tool a page loads later) is no page.
        'assets/pdf.js': chunk('assets/pdf.js', {
          isDynamicEntry: true,
          facadeModuleId: path.join(root, 'src/lib/pdf.ts'),
        }),
        'index.html': { type: 'asset', fileName: 'index.html' },
      },
    );
    const list = JSON.parse(await readFile(path.join(root, 'dist/pages/index.json'), 'utf8'));
    expect(list).toEqual([
      { path: 'courses/:id', html: 'pages/course-detail.html' },
      { path: 'exams', html: 'pages/exams.html' },
    ]);
    const detail = await readFile(path.join(root, 'dist/pages/course-detail.html'), 'utf8');
    const preloaded = [...detail.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/assets/course-detail.js', '/assets/ui.js', '/assets/icon.js']);
    expect(detail).toContain('<link rel="stylesheet" crossorigin href="/assets/course-detail.css">');
    // The page's own code waits behind the first bundle, which paints the first screen.
    expect(detail).toContain('fetchpriority="low"');
    // The rest of the document is the entry's own, unchanged.
    expect(detail.replace(/\s*<link[^>]*>/g, '')).toBe(template);
    const exams = await readFile(path.join(root, 'dist/pages/exams.html'), 'utf8');
    expect([...exams.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/exams.js',
      '/assets/ui.js',
      '/assets/icon.js',
    ]);
  });

  it('preloads the urgent chunks at normal priority and the rest at low', async () => {
    await build(
      { exams: 'exams' },
      {
        'assets/index.js': chunk('assets/index.js', { isEntry: true }),
        'assets/exams-a1.js': chunk('assets/exams-a1.js', {
          name: 'exams',
          isDynamicEntry: true,
          facadeModuleId: routes('exams'),
          imports: ['assets/zod-b2.js', 'assets/ui-c3.js'],
        }),
        'assets/zod-b2.js': chunk('assets/zod-b2.js', { name: 'zod' }),
        'assets/ui-c3.js': chunk('assets/ui-c3.js', { name: 'ui' }),
      },
      { urgent: ['zod'] },
    );
    const exams = await readFile(path.join(root, 'dist/pages/exams.html'), 'utf8');
    expect([...exams.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0])).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/exams-a1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-b2.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/ui-c3.js">',
    ]);
  });

  it('takes modules by path under its folder, several a page, each chunk once', async () => {
    const module = (name: string) => path.join(root, 'src/learn', `${name}.tsx`);
    await build(
      { 'exams/:examId': ['features/exams/exam-page', 'app/signed-in'], login: 'features/auth/login-page' },
      {
        'assets/index.js': chunk('assets/index.js', { isEntry: true }),
        'assets/exam-page.js': chunk('assets/exam-page.js', {
          isDynamicEntry: true,
          facadeModuleId: module('features/exams/exam-page'),
          imports: ['assets/query.js'],
        }),
        'assets/signed-in.js': chunk('assets/signed-in.js', {
          isDynamicEntry: true,
          facadeModuleId: module('app/signed-in'),
          imports: ['assets/query.js'],
        }),
        'assets/query.js': chunk('assets/query.js'),
        'assets/login-page.js': chunk('assets/login-page.js', {
          isDynamicEntry: true,
          facadeModuleId: module('features/auth/login-page'),
        }),
      },
      { routesDir: 'src/learn', base: '/learn/' },
    );
    const list = JSON.parse(await readFile(path.join(root, 'dist/pages/index.json'), 'utf8'));
    expect(list).toEqual([
      { path: 'exams/:examId', html: 'pages/exam-page.html' },
      { path: 'login', html: 'pages/login-page.html' },
    ]);
    const exam = await readFile(path.join(root, 'dist/pages/exam-page.html'), 'utf8');
    expect([...exam.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/learn/assets/exam-page.js',
      '/learn/assets/query.js',
      '/learn/assets/signed-in.js',
    ]);
  });

  it('stops the build when two pages would share a file', async () => {
    const page = (name: string) =>
      chunk(`assets/${name.replace('/', '-')}.js`, { isDynamicEntry: true, facadeModuleId: routes(name) });
    await expect(
      build(
        { a: 'one/page', b: 'two/page' },
        {
          'assets/index.js': chunk('assets/index.js', { isEntry: true }),
          'assets/one-page.js': page('one/page'),
          'assets/two-page.js': page('two/page'),
        },
      ),
    ).rejects.toThrow('two pages would be written to pages/page.html (b)');
  });

  it('stops the build when a listed page has no lazily loaded chunk', async () => {
    await expect(
      build({ staff: 'staff' }, { 'assets/index.js': chunk('assets/index.js', { isEntry: true }) }),
    ).rejects.toThrow('no lazily loaded chunk for src/app/routes/staff (staff)');
  });
});
