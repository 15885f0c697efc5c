#!/usr/bin/env node
// Portal benchmark (prints figures; not a test): for each route, the JS and CSS bytes as served
// (compressed, what the browser downloads) and Lighthouse's performance and accessibility scores
// (Lighthouse 12, default mobile settings, on Debian's /usr/bin/chromium), signed in where the page
// needs it; the students' app (/learn) signed in as a student of the course. Goals: /login <= 150 KB
// JS, /dashboard <= 350 KB JS, /learn/login <= 120 KB JS, /learn <= 200 KB JS, scores >= 95.
//
//   npm run bench:web                 # builds if needed, starts the built server on a scratch DATA_DIR
//   BENCH_RUNS=3 npm run bench:web    # median of 3 Lighthouse runs per route (default 1)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freePort, root, serverEnv } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';
import { launchChromium, measureRoute } from './lib/lighthouse-run.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('BENCH_RUNS must be 1..9');
const admin = { username: 'bench-owner', password: 'bench-owner-password' };
const goalJs = {
  '/login': 150 * 1024,
  '/dashboard': 350 * 1024,
  '/learn/login': 120 * 1024,
  '/learn': 200 * 1024,
};
// Where each app keeps its session in localStorage.
const PORTAL_KEYS = { token: 'jwtToken', roles: 'roles' };
const LEARN_KEYS = { token: 'valence.learn.token', roles: 'valence.learn.roles' };

async function api(base, method, url, token, body) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

function printTable(rows) {
  console.log(`\nPortal as served (Lighthouse 12, mobile defaults; median of ${runs} run(s))\n`);
  console.log('route                 | JS (compressed) | CSS      | perf | a11y | LCP     | DOM nodes');
  console.log('--------------------- | --------------- | -------- | ---- | ---- | ------- | ---------');
  for (const row of rows) {
    const jsGoal = goalJs[row.route] ? ` (goal ≤ ${kb(goalJs[row.route])})` : '';
    console.log(
      `${row.route.padEnd(21)} | ${kb(row.js).padStart(15)} | ${kb(row.css).padStart(8)} | ${String(row.performance).padStart(4)} | ${String(row.accessibility).padStart(4)} | ${s(row.lcp).padStart(7)} | ${String(row.dom).padStart(9)}${jsGoal}`,
    );
    console.log(
      `  FCP ${s(row.fcp)} · Speed Index ${s(row.si)} · TBT ${Math.round(row.tbt)} ms · CLS ${row.cls.toFixed(3)}`,
    );
    if (row.landed !== row.route) console.log(`  (landed on ${row.landed})`);
    if (row.failing.length > 0) console.log(`  accessibility audits not passed: ${row.failing.join(', ')}`);
  }
  console.log('\nGoals: performance ≥ 95, accessibility ≥ 95 on every route.');
}

execFileSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
execFileSync('node', [path.join(root, 'scripts/ensure-chromium.mjs')], { stdio: 'inherit' });

const session = createSession();

async function main() {
  const dataDir = session.tempDir('valence-bench-web-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({ dataDir, port, admin });
  await session.start('The server', [path.join(root, 'apps/server/dist/main.js')], env, `${base}/api/health`);
  const debugPort = await freePort();
  const profile = session.tempDir('valence-bench-chromium-');

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

  // A student of that course, for the students' app.
  const student = { username: 'bench-student', password: 'bench-student-password' };
  const { id: studentId } = await api(base, 'POST', '/students/signup', jwtToken, student);
  await api(base, 'POST', '/enrollments', jwtToken, { courseId: course.id, studentId });
  const studentSession = await api(base, 'POST', '/signin', null, student);

  const context = await launchChromium(profile, debugPort);
  session.onCleanup(() => context.close().catch(() => undefined));
  const routes = [
    { path: '/login', signedIn: false },
    { path: '/dashboard', signedIn: true },
    { path: '/courses', signedIn: true },
    { path: `/courses/${course.id}`, signedIn: true },
  ];
  const learnRoutes = [
    { path: '/learn/login', signedIn: false },
    { path: '/learn', signedIn: true },
    { path: `/learn/courses/${course.id}`, signedIn: true },
  ];
  const rows = [];
  for (const route of routes) {
    const signedIn = { token: jwtToken, roles, keys: PORTAL_KEYS };
    rows.push(await measureRoute(context, { base, debugPort, runs, route, session: signedIn }));
  }
  for (const route of learnRoutes) {
    const signedIn = { token: studentSession.jwtToken, roles: studentSession.roles, keys: LEARN_KEYS };
    rows.push(await measureRoute(context, { base, debugPort, runs, route, session: signedIn }));
  }
  printTable(rows);
}

session.main(main);
