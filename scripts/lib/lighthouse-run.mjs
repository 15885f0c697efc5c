// bench:web's measurement: Lighthouse 12 (default mobile settings) on Debian's /usr/bin/chromium,
// reached through Chromium's debugging port. Each run is a first visit (nothing cached) yet keeps the
// session the portal holds in localStorage, so signed-in pages are measured signed in.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from './bench-kit.mjs';

/**
 * A headless Chromium on `profile` that Lighthouse can drive on `debugPort`. Playwright's own
 * Ctrl-C and SIGTERM handlers would exit the process before the session's clean-up ran (server
 * left running, temp dirs left): the session closes the browser instead.
 */
export function launchChromium(profile, debugPort) {
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
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
}

/** The figures bench:web prints from one Lighthouse report. */
function figures(lhr) {
  if (lhr.runtimeError)
    throw new Error(
      `Lighthouse could not measure ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  const requests = lhr.audits['network-requests'].details.items;
  const bytes = (type) =>
    requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + item.transferSize, 0);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    si: lhr.audits['speed-index'].numericValue,
    dom: lhr.audits['dom-size']?.numericValue ?? 0,
    // Lighthouse's own measure of this machine's speed: its 4× CPU slowdown is applied on top of it,
    // so scores from a machine with a lower index are lower for the same page.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    js: bytes('Script'),
    // Each file is a request: over HTTP/1.1 six go at a time, so a page's count of files costs round trips.
    jsFiles: requests.filter((item) => item.resourceType === 'Script').length,
    css: bytes('Stylesheet'),
    // Where the main thread's time went and its longest tasks (Lighthouse's 4× slowdown applied): what
    // the blocking time is made of, so a score that misses says whether script, styles or layout did it.
    work: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => ({
      group: item.groupLabel,
      ms: item.duration,
    })),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((item) => ({
      file: item.url.startsWith('http') ? new URL(item.url).pathname.split('/').pop() : item.url,
      ms: item.duration,
    })),
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
  };
}

/** BENCH_WEB_REPORTS=dir keeps each run's full Lighthouse report there, to read why a page scored as it did. */
const reportDir = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : undefined;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const MEDIAN_KEYS = [
  'js',
  'jsFiles',
  'css',
  'performance',
  'accessibility',
  'lcp',
  'fcp',
  'tbt',
  'cls',
  'si',
  'dom',
  'benchmarkIndex',
];

/**
 * `runs` Lighthouse runs of `route` ({ path, signedIn }) in `context`, signed in with `session`
 * ({ token, roles, keys: the app's localStorage key names { token, roles } }) where the route needs
 * it. Resolves to the medians, each run's performance, TBT and LCP (`perRun`), the path it landed
 * on and the first run's failing accessibility audits, main-thread breakdown and long tasks.
 * `cpuSlowdown` is Lighthouse's CPU slowdown multiplier (its default, 4, unless a calibration asks
 * for another). `storage` is more localStorage to set first (the students' app's chosen language);
 * `label` names the row (the path when not given).
 */
export async function measureRoute(
  context,
  { base, debugPort, runs, route, session, cpuSlowdown = 4, storage = {}, label = route.path },
) {
  // Both apps keep their session in localStorage; Lighthouse is told not to clear it.
  const page = await context.newPage();
  await page.goto(`${base}/contact`);
  await page.evaluate(
    ({ signedIn, token, roleList, keys, more }) => {
      localStorage.clear();
      if (signedIn) {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.roles, JSON.stringify(roleList));
      }
      for (const [key, value] of Object.entries(more)) localStorage.setItem(key, value);
    },
    { signedIn: route.signedIn, token: session.token, roleList: session.roles, keys: session.keys, more: storage },
  );
  const cdp = await context.newCDPSession(page);
  const results = [];
  for (let i = 0; i < runs; i++) {
    // A first visit: nothing cached (Lighthouse keeps storage, and with it the HTTP cache, as asked).
    let lhr;
    // A trace Lighthouse failed to record (NO_NAVSTART, on a busy machine) is its own failure, not the
    // page's: it asks to be run again, so a run is tried up to three times before the bench stops.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await cdp.send('Network.clearBrowserCache');
      ({ lhr } = await lighthouse(`${base}${route.path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        // Lighthouse's own default is 4; merged into its mobile throttling, which otherwise stays as it is.
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      }));
      if (!lhr.runtimeError) break;
      console.warn(`${label}: Lighthouse ${lhr.runtimeError.code} (attempt ${attempt} of 3)`);
    }
    results.push(figures(lhr));
    if (reportDir) {
      const name = `${label.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root'}-${i + 1}.json`;
      writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
    }
  }
  await page.close();
  const row = {
    route: label,
    path: route.path,
    landed: new URL(results[0].finalUrl).pathname,
    failing: results[0].failing,
    work: results[0].work,
    longTasks: results[0].longTasks,
  };
  for (const key of MEDIAN_KEYS) row[key] = median(results.map((result) => result[key]));
  // A run's blocking time moves with whatever else the machine does: the median alone hides how far.
  row.perRun = Object.fromEntries(['performance', 'tbt', 'lcp'].map((key) => [key, results.map((r) => r[key])]));
  return row;
}
