#!/usr/bin/env node
// Lecture streaming benchmark (prints figures; not a test). Goals, printed beside the figures:
//   - transcode of a lecture-like 1080p source (a still slide with a moving inset, 2 minutes, made
//     here with ffmpeg) to the HLS ladder through the server's job queue: >= 1.5x real time, and
//     >= 0.9 of the same ffmpeg command run alone in this run (the queue's and the store's overhead);
//   - time to first frame in Chromium on an emulated 1.6 Mbit/s, 150 ms line, median of 5: <= 2 s;
//   - bytes per minute of playback with Data saver on: <= 3.5 MB;
//   - the students page and /me/exams p99 under load while a transcode runs: within 20 % of their
//     figures without it (ffmpeg runs niced);
//   - the server's resident memory during the transcode (ffmpeg is another process): flat.
//
//   npm run bench:video
//   BENCH_VIDEO_SECONDS=60 npm run bench:video   # a shorter source
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, median, procCpuSeconds, procKb, root, serverEnv, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';
import { tusUpload } from './lib/tus-upload.mjs';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 120);
const LOAD_SECONDS = Number(process.env.BENCH_VIDEO_LOAD_SECONDS ?? 8);
const TTFF_RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MiB = 1024 * 1024;

const serverMain = path.join(root, 'apps/server/dist/main.js');
const learnIndex = path.join(root, 'apps/web/dist/learn/index.html');
if (!existsSync(serverMain) || !existsSync(learnIndex)) {
  console.log('Building (node scripts/build.mjs) ...');
  execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
const ffmpegModule = await import(pathToFileURL(path.join(root, 'apps/server/dist/modules/streaming/ffmpeg.js')).href);
const ladderModule = await import(pathToFileURL(path.join(root, 'apps/server/dist/modules/streaming/ladder.js')).href);

const session = createSession({ limitMs: 30 * 60_000 });
const tmp = session.tempDir('valence-bench-video-');
const fmt = (n, digits = 2) => (n === null || n === undefined ? 'n/a' : n.toFixed(digits));
const goal = (met) => (met ? 'met' : 'NOT met');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lecture-like source: a slide (a white page with a title bar and lines of text, drawn once as a
 * picture) with a moving picture-in-picture inset (the lecturer's camera) and a tone. Encoded fast:
 * only what the transcode makes of it is measured.
 */
function makeSource(file) {
  const slide = path.join(tmp, 'slide.png');
  const lines = Array.from(
    { length: 9 },
    (_, i) => `drawbox=x=160:y=${340 + i * 70}:w=${900 + ((i * 173) % 600)}:h=18:color=0x333333:t=fill`,
  );
  const draw = ['drawbox=x=120:y=120:w=1680:h=140:color=0x1f4e79:t=fill', ...lines].join(',');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=white:s=1920x1080',
    '-vf',
    draw,
    '-frames:v',
    '1',
    slide,
  ]);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-framerate',
    '30',
    '-i',
    slide,
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=480x270:r=30',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=48000:duration=${SECONDS}`,
    '-filter_complex',
    "[0:v][1:v]overlay=x='1380+40*sin(t/3)':y='760+30*cos(t/4)',format=yuv420p[v]",
    '-map',
    '[v]',
    '-map',
    '2:a',
    '-t',
    String(SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-g',
    '60',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    file,
  ]);
}

async function api(base, pathName, { token, method = 'GET', body } = {}) {
  const response = await fetch(`${base}/api${pathName}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${pathName}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

async function p99(url, token) {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: 8,
    duration: LOAD_SECONDS,
  });
  return { p99: result.latency.p99, rps: result['2xx'] / result.duration, failures: result.non2xx + result.errors };
}

async function main() {
  const tools = await ffmpegModule.findFfmpeg({});
  if (!tools)
    throw new Error(
      'ffmpeg and ffprobe are needed: node scripts/ensure-test-tools.mjs (as root) or apt-get install ffmpeg',
    );
  const source = path.join(tmp, 'lecture-1080p.mp4');
  console.log(`Making a ${SECONDS} s 1080p lecture-like source ...`);
  makeSource(source);
  const sourceBytes = statSync(source).size;

  // The same ffmpeg command the job runs, alone (at the same low priority).
  const info = await ffmpegModule.probe(tools, source);
  const ladder = ladderModule.ladderFor(info.width, info.height);
  const aloneDir = path.join(tmp, 'alone');
  for (const rung of ladder) execFileSync('mkdir', ['-p', path.join(aloneDir, rung.name)]);
  const aloneCpuBefore = procCpuSeconds(process.pid, { withChildren: true });
  const aloneStart = performance.now();
  const [lowCommand = tools.ffmpeg, ...lowArgs] = tools.lowPriority;
  execFileSync(
    lowCommand,
    [
      ...lowArgs,
      ...(tools.lowPriority.length > 0 ? [tools.ffmpeg] : []),
      ...ffmpegModule.ladderArgs(source, aloneDir, info, ladder),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const aloneSeconds = (performance.now() - aloneStart) / 1000;
  const aloneCpu = procCpuSeconds(process.pid, { withChildren: true }) - aloneCpuBefore;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { username: 'bench', password: randomBytes(12).toString('hex') };
  const env = serverEnv({ dataDir: path.join(tmp, 'data'), port, admin });
  env.TRANSCODE_CONCURRENCY = '1';
  // One viewer signs in from several browsers in turn.
  env.MAX_DEVICES_PER_STUDENT = '10';
  const server = await session.startServer(env, base, 'Server');
  const staff = (await signIn(base, admin)).jwtToken;

  // A course, 60 students (one of them the viewer), an MCQ exam list to read.
  const course = await api(base, '/courses', {
    token: staff,
    method: 'POST',
    body: { title: 'Organic chemistry', description: 'Bench' },
  });
  const viewer = { username: 'bench-viewer', password: 'viewer-password-1' };
  const created = await api(base, '/students/signup', { token: staff, method: 'POST', body: viewer });
  await api(base, '/enrollments', {
    token: staff,
    method: 'POST',
    body: { studentId: created.id, courseId: course.id, status: 'ACTIVE' },
  });
  for (let i = 0; i < 59; i++) {
    await api(base, '/students/signup', {
      token: staff,
      method: 'POST',
      body: { username: `bench-${i}`, password: 'student-pw-123' },
    });
  }
  const student = (await signIn(base, viewer)).jwtToken;
  const studentsUrl = `${base}/api/students?limit=10&offset=0`;
  const examsUrl = `${base}/api/me/exams`;

  // Without a transcode.
  await p99(studentsUrl, staff);
  const quiet = { students: await p99(studentsUrl, staff), exams: await p99(examsUrl, student) };
  const rssQuietMb = (procKb(server.pid, 'VmRSS') ?? 0) / 1024;

  /**
   * Uploads the source, adds it, and times the transcode through the queue from the resource's
   * creation to Ready; `whileBusy` runs during it (the load test), once it has started.
   */
  async function transcodeOnce(name, whileBusy) {
    const upload = await tusUpload({
      base,
      auth: { authorization: `Bearer ${staff}` },
      pid: server.pid,
      source,
      size: sourceBytes,
      chunk: 64 * MiB,
    });
    const key = Buffer.from(
      upload.location.split('/').pop().replaceAll('-', '+').replaceAll('_', '/'),
      'base64',
    ).toString();
    const cpuBefore = procCpuSeconds(server.pid, { withChildren: true });
    const startedAt = performance.now();
    const resource = await api(base, '/resources', {
      token: staff,
      method: 'POST',
      body: {
        name,
        url: key,
        type: 'video/mp4',
        courseId: course.id,
        liveAt: '2020-01-01T10:00',
        recordingAt: '2020-01-01T09:00',
      },
    });
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, procKb(server.pid, 'VmRSS') ?? 0);
    }, 200);
    const stateOf = async () =>
      (await api(base, `/courses/${course.id}`, { token: staff })).resources.find((r) => r.id === resource.id).stream;
    while ((await stateOf()).state === 'queued') await sleep(100);
    const during = whileBusy ? await whileBusy() : null;
    let stream = await stateOf();
    const progressAfterLoad = stream.progress;
    while (stream.state === 'processing' || stream.state === 'queued') {
      await sleep(250);
      stream = await stateOf();
    }
    const seconds = (performance.now() - startedAt) / 1000;
    // The server's own CPU and its finished children's (ffprobe, ffmpeg), a load test's requests included.
    const cpu = procCpuSeconds(server.pid, { withChildren: true }) - cpuBefore;
    clearInterval(sampler);
    if (stream.state !== 'ready') throw new Error(`The transcode ended ${stream.state}: ${stream.reason}`);
    return { resource, seconds, cpu, during, peakMb: peakKb / 1024, overlapped: progressAfterLoad < 1 };
  }

  // First alone (the speed), then again under the load test (the p99s and the memory).
  const quietJob = await transcodeOnce('Bench lecture', null);
  const resource = quietJob.resource;
  const jobSeconds = quietJob.seconds;
  const jobCpu = quietJob.cpu;
  const loadedJob = await transcodeOnce('Bench lecture (under load)', async () => ({
    students: await p99(studentsUrl, staff),
    exams: await p99(examsUrl, student),
  }));
  const busy = loadedJob.during;
  const loadOverlapped = loadedJob.overlapped;
  const peakRssKb = Math.max(quietJob.peakMb, loadedJob.peakMb) * 1024;

  // Bytes of the 360p rendition (what Data saver plays), per minute of lecture.
  let bytes360 = 0;
  for (const name of readdirSync(path.join(aloneDir, '360p')))
    bytes360 += statSync(path.join(aloneDir, '360p', name)).size;
  const duration = (await api(base, `/courses/${course.id}`, { token: staff })).resources.find(
    (r) => r.id === resource.id,
  ).duration;

  // Chromium: the student's lecture page on an emulated 1.6 Mbit/s, 150 ms line.
  const ttff = [];
  const ttffFromOpen = [];
  let fetchedSeconds = 0;
  let saverSegments = [];
  let onlyLowest = false;
  let saverBytesPerMinute = null;
  let browserError = null;
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
    });
    session.onCleanup(() => browser.close());
    const lecturePath = `${base}/learn/courses/${course.id}/lectures/${resource.id}`;
    async function openLecture({ dataSaver }) {
      // A token of its own: each browser sign-in is another device of the viewer's.
      const own = (await signIn(base, viewer)).jwtToken;
      await api(base, '/me', { token: own, method: 'PATCH', body: { dataSaver } });
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      await page.goto(`${base}/learn/login`);
      await page.getByPlaceholder('Enter your username').fill(viewer.username);
      await page.getByPlaceholder('Enter your password').fill(viewer.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'My courses' }).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1000 * 1000) / 8,
        uploadThroughput: (750 * 1000) / 8,
      });
      const streamBytes = { total: 0, urls: [] };
      const urls = new Map();
      cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
      cdp.on('Network.loadingFinished', (event) => {
        const url = urls.get(event.requestId) ?? '';
        if (url.includes('/api/streams/')) {
          streamBytes.total += event.encodedDataLength;
          streamBytes.urls.push(url.split('?')[0]);
        }
      });
      return { context, page, streamBytes };
    }

    for (let run = 0; run < TTFF_RUNS; run++) {
      const { context, page } = await openLecture({ dataSaver: false });
      const opened = performance.now();
      await page.goto(lecturePath);
      const video = page.locator('video');
      await video.waitFor();
      // The player has its source (hls.js loaded, the master playlist read) when the student presses play.
      await page.waitForFunction(() => document.querySelector('video')?.currentSrc, null, { timeout: 60_000 });
      // Pressed play: to the first frame drawn.
      const ms = await video.evaluate(
        (element) =>
          new Promise((resolve, reject) => {
            const start = performance.now();
            const done = () => resolve(performance.now() - start);
            if ('requestVideoFrameCallback' in element) element.requestVideoFrameCallback(done);
            else element.addEventListener('playing', done, { once: true });
            element.muted = true;
            element.play().catch(reject);
          }),
      );
      ttff.push(ms / 1000);
      ttffFromOpen.push((performance.now() - opened) / 1000);
      await context.close();
    }

    // Data saver: what the player fetches while it plays (at 2x, 25 s), per minute of lecture fetched.
    const saver = await openLecture({ dataSaver: true });
    await saver.page.goto(lecturePath);
    const saverVideo = saver.page.locator('video');
    await saverVideo.waitFor();
    await saver.page.waitForFunction(() => document.querySelector('video')?.currentSrc, null, { timeout: 60_000 });
    await saverVideo.evaluate((element) => {
      element.muted = true;
      element.playbackRate = 2;
      return element.play();
    });
    await sleep(25_000);
    fetchedSeconds = await saverVideo.evaluate((element) =>
      element.buffered.length ? element.buffered.end(element.buffered.length - 1) : 0,
    );
    saverSegments = saver.streamBytes.urls.filter((url) => url.endsWith('.ts'));
    onlyLowest = saverSegments.every((url) => url.includes('/360p/'));
    saverBytesPerMinute = fetchedSeconds > 0 ? (saver.streamBytes.total / fetchedSeconds) * 60 : null;
    await saver.context.close();
  } catch (error) {
    // The transcode's figures stand without the browser's.
    browserError = error;
  }

  const realTime = SECONDS / jobSeconds;
  const ofAlone = aloneSeconds / jobSeconds;
  const within = (a, b) => (b > 0 ? a / b : null);
  const studentsRatio = within(busy.students.p99, quiet.students.p99);
  const examsRatio = within(busy.exams.p99, quiet.exams.p99);
  const peakMb = peakRssKb / 1024;
  const ttffMedian = median(ttff);

  console.log('');
  console.log(
    `Source: ${SECONDS} s, ${info.width}x${info.height}, ${(sourceBytes / MiB).toFixed(1)} MiB; ladder ${ladder.map((r) => r.name).join(', ')}; measured length ${duration} s`,
  );
  console.log(`ffmpeg alone:        ${fmt(aloneSeconds, 1)} s  (${fmt(SECONDS / aloneSeconds)}x real time)`);
  console.log(
    `through the queue:   ${fmt(jobSeconds, 1)} s from POST /resources to Ready (probe, ffmpeg, poster, files into the store)`,
  );
  console.log(
    `  speed: ${fmt(realTime)}x real time (goal >= 1.5: ${goal(realTime >= 1.5)}); ${fmt(ofAlone)} of ffmpeg alone (goal >= 0.9: ${goal(ofAlone >= 0.9)})`,
  );
  const cores = os.availableParallelism();
  const load = os.loadavg()[0];
  console.log(
    `  CPU: ffmpeg alone ${fmt(aloneCpu, 1)} CPU-s (${fmt(aloneCpu / SECONDS)} CPU-s per second of lecture); the server and its ffmpeg during the job ${fmt(jobCpu, 1)} CPU-s`,
  );
  console.log(
    `  on ${cores} idle cores that is at most ${fmt(SECONDS / (aloneCpu / cores))}x real time; this run's load average was ${fmt(load, 1)} (ffmpeg runs in the idle scheduling class, so on a busy machine its wall-clock speed says more about the machine)`,
  );
  console.log(
    `Time to first frame (play pressed -> first frame), 1.6 Mbit/s 150 ms, median of ${TTFF_RUNS}: ${fmt(ttffMedian)} s  [${ttff.map((s) => fmt(s)).join(', ')}] (goal <= 2 s: ${goal(ttffMedian <= 2)})`,
  );
  console.log(
    `  opening the lecture page to the first frame (page, scripts, hls.js, playlists): median ${fmt(median(ttffFromOpen))} s  [${ttffFromOpen.map((s) => fmt(s)).join(', ')}]`,
  );
  console.log(
    `Data saver: ${fmt(saverBytesPerMinute === null ? null : saverBytesPerMinute / 1e6)} MB per minute fetched by the player (${fmt(fetchedSeconds, 1)} s of lecture fetched, ${saverSegments.length} segments, only 360p: ${onlyLowest}) (goal <= 3.5 MB: ${goal(saverBytesPerMinute !== null && saverBytesPerMinute <= 3.5e6 && onlyLowest)})`,
  );
  console.log(`  the 360p rendition on disk: ${fmt(((bytes360 / SECONDS) * 60) / 1e6)} MB per minute of lecture`);
  console.log(
    `p99 under load (8 connections, ${LOAD_SECONDS} s each), without / during the transcode${loadOverlapped ? '' : ' (the transcode ended during the load: figures understate it)'}:`,
  );
  console.log(
    `  GET /api/students (page of 10): ${fmt(quiet.students.p99, 1)} / ${fmt(busy.students.p99, 1)} ms  ratio ${fmt(studentsRatio)} (goal <= 1.2: ${goal(studentsRatio !== null && studentsRatio <= 1.2)})  req/s ${fmt(quiet.students.rps, 0)} / ${fmt(busy.students.rps, 0)}`,
  );
  console.log(
    `  GET /api/me/exams:              ${fmt(quiet.exams.p99, 1)} / ${fmt(busy.exams.p99, 1)} ms  ratio ${fmt(examsRatio)} (goal <= 1.2: ${goal(examsRatio !== null && examsRatio <= 1.2)})  req/s ${fmt(quiet.exams.rps, 0)} / ${fmt(busy.exams.rps, 0)}`,
  );
  if (browserError) console.log(`The browser's figures are missing: ${browserError.stack ?? browserError}`);
  console.log(
    `Server RSS: ${fmt(rssQuietMb, 0)} MB before the upload, peak ${fmt(peakMb, 0)} MB during the transcode (+${fmt(peakMb - rssQuietMb, 0)} MB)`,
  );
}

await session.main(main);
