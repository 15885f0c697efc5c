#!/usr/bin/env node
// Portal benchmark (prints figures; not a test): for each route, the JS and CSS bytes as served
// (compressed, what the browser downloads) and Lighthouse's performance and accessibility scores
// (Lighthouse 12, default mobile settings, on Debian's /usr/bin/chromium), signed in where the page
// needs it. Goals: /login <= 150 KB JS, /dashboard <= 350 KB JS, scores >= 95.
//
//   npm run bench:web                 # builds if needed, starts the built server on a scratch DATA_DIR
//   BENCH_RUNS=3 npm run bench:web    # median of 3 Lighthouse runs per route (default 1)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './lib/bench-kit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('BENCH_RUNS must be 1..9');
const admin = { username: 'bench-owner', password: 'bench-owner-password' };

async function waitFor(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('The server exited early.');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not start in 60 s.');
}

async function api(base, method, url, token, body) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
execFileSync('node', [path.join(root, 'scripts/ensure-chromium.mjs')], { stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'valence-bench-web-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const debugPort = await freePort();
const profile = mkdtempSync(path.join(os.tmpdir(), 'valence-bench-chromium-'));
let context;
try {
  await waitFor(`${base}/api/health`, server);
  const { jwtToken, roles } = await api(base, 'POST', '/signin', null, admin);
  // A course page with a few lectures, so /courses/{id} shows what a tutor sees.
  const course = await api(base, 'POST', '/courses', jwtToken, {
    title: 'A/L Chemistry 2026 — Organic',
    description: 'Reaction mechanisms, isomerism and polymers, with past-paper discussions.',
  });
  for (let i = 1; i <= 5; i++) {
    await api(base, 'POST', '/resources', jwtToken, {
      courseId: course.id,
      name: `Lecture ${i}`,
      type: 'link',
      url: `https://www.youtube.com/watch?v=dQw4w9WgXc${i}`,
      duration: 3600,
      liveAt: '2026-01-05T18:00',
      recordingAt: '2026-01-05T18:00',
    });
  }

  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      `--remote-debugging-port=${debugPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const routes = [
    { path: '/login', signedIn: false },
    { path: '/dashboard', signedIn: true },
    { path: '/courses', signedIn: true },
    { path: `/courses/${course.id}`, signedIn: true },
  ];
  const rows = [];
  for (const route of routes) {
    // The portal keeps its session in localStorage; Lighthouse is told not to clear it.
    const page = await context.newPage();
    await page.goto(`${base}/contact`);
    await page.evaluate(
      ({ signedIn, token, roleList }) => {
        localStorage.clear();
        if (signedIn) {
          localStorage.setItem('jwtToken', token);
          localStorage.setItem('roles', JSON.stringify(roleList));
        }
      },
      { signedIn: route.signedIn, token: jwtToken, roleList: roles },
    );
    const cdp = await context.newCDPSession(page);
    const results = [];
    for (let i = 0; i < runs; i++) {
      // A first visit: nothing cached (Lighthouse keeps storage, and with it the HTTP cache, as asked).
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(`${base}${route.path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const { lhr } = result;
      const requests = lhr.audits['network-requests'].details.items;
      const bytes = (type) =>
        requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + item.transferSize, 0);
      results.push({
        finalUrl: lhr.finalDisplayedUrl,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
        dom: lhr.audits['dom-size']?.numericValue ?? 0,
        js: bytes('Script'),
        css: bytes('Stylesheet'),
        failing: Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => {
            const nodes = (audit.details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean);
            return `${audit.id}${nodes.length ? ` (${nodes.slice(0, 3).join(' ')})` : ''}`;
          }),
      });
    }
    await page.close();
    const pick = (key) => median(results.map((r) => r[key]));
    rows.push({
      route: route.path,
      landed: new URL(results[0].finalUrl).pathname,
      js: pick('js'),
      css: pick('css'),
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcp: pick('lcp'),
      fcp: pick('fcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      si: pick('si'),
      dom: pick('dom'),
      failing: results[0].failing,
    });
  }

  const goalJs = { '/login': 150 * 1024, '/dashboard': 350 * 1024 };
  console.log(`\nPortal as served (Lighthouse 12, mobile defaults; median of ${runs} run(s))\n`);
  console.log('route                 | JS (compressed) | CSS      | perf | a11y | LCP     | DOM nodes');
  console.log('--------------------- | --------------- | -------- | ---- | ---- | ------- | ---------');
  for (const row of rows) {
    const jsGoal = goalJs[row.route] ? ` (goal ≤ ${kb(goalJs[row.route])})` : '';
    console.log(
      `${row.route.padEnd(21)} | ${kb(row.js).padStart(15)} | ${kb(row.css).padStart(8)} | ${String(row.performance).padStart(4)} | ${String(row.accessibility).padStart(4)} | ${`${(row.lcp / 1000).toFixed(2)} s`.padStart(7)} | ${String(row.dom).padStart(9)}${jsGoal}`,
    );
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `  FCP ${s(row.fcp)} · Speed Index ${s(row.si)} · TBT ${Math.round(row.tbt)} ms · CLS ${row.cls.toFixed(3)}`,
    );
    if (row.landed !== row.route) console.log(`  (landed on ${row.landed})`);
    if (row.failing.length > 0) console.log(`  accessibility audits not passed: ${row.failing.join(', ')}`);
  }
  console.log('\nGoals: performance ≥ 95, accessibility ≥ 95 on every route.');
} finally {
  await context?.close().catch(() => undefined);
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
