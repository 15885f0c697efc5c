import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Resource, STREAMING_NEEDS_FFMPEG, uploadKeyFromUrl } from '@valence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrphans } from '../../ops/sweep-files.js';
import { type Answer, createTestApp, expectMessage, type Login, type TestApp, useTestApp } from '../../test/harness.js';
import { tusCreate, tusPatch } from '../../test/tus.js';
import { transcodeJob } from './jobs.js';
import { signStream } from './signing.js';

// Concurrency 0: no worker takes the jobs by itself, so each test sees `queued` and then runs the
// queue (`drain`) while it watches the state move.
const t = useTestApp({ env: { TRANSCODE_CONCURRENCY: '0' } });
let dir: string;
let boss: Login;
let tutor: Login;
let student: Login;
let other: Login;
let courseId: number;
let address: string;
const clips: Record<'h264' | 'webm' | 'broken', Buffer> = {} as never;

/** Short clips made here with ffmpeg, small enough for a two-core CI: a 720p H.264 MP4 and a 540p WebM. */
function makeClips() {
  const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const h264 = path.join(dir, 'clip.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '2.5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '35',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-shortest',
    h264,
  ]);
  const webm = path.join(dir, 'clip.webm');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=960x540:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660:sample_rate=48000',
    '-t',
    '2.5',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '200k',
    '-c:a',
    'libopus',
    '-shortest',
    webm,
  ]);
  return Promise.all([readFile(h264), readFile(webm)]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'valence-clips-'));
  [clips.h264, clips.webm] = await makeClips();
  clips.broken = Buffer.from('this is not a video at all, only text that claims to be one');
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
  student = await t.login('ROLE_STUDENT', 'kavindi');
  other = await t.login('ROLE_STUDENT', 'ruwan');
  courseId = (await t.createCourse(tutor.headers, 'Organic chemistry')).id;
  for (const who of [student, other]) {
    const enrolled = await t.call('POST', '/api/enrollments', tutor.headers, {
      studentId: who.id,
      courseId,
      status: 'ACTIVE',
    });
    expect(enrolled.statusCode).toBe(201);
  }
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Uploads through tus and adds the resource without a duration (the server measures it). */
async function addVideo(name: string, bytes: Buffer, type: string): Promise<Resource> {
  const created = await tusCreate(`${address}/api/uploads`, tutor.headers, bytes.length, {
    filename: name,
    filetype: type,
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location') ?? '', address).toString();
  expect((await tusPatch(location, tutor.headers, 0, bytes)).status).toBe(204);
  const answer = await t.call('POST', '/api/resources', tutor.headers, {
    name,
    url: uploadKeyFromUrl(location),
    type,
    courseId,
    liveAt: '2020-01-01T10:00',
    recordingAt: '2020-01-01T09:00',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const staffView = async (id: number): Promise<Resource> =>
  (await t.call('GET', `/api/courses/${courseId}`, tutor.headers)).json().resources.find((r: Resource) => r.id === id);
const studentView = async (id: number, who = student): Promise<Resource> =>
  (await t.call('GET', `/api/me/courses/${courseId}/resources`, who.headers)).json().find((r: Resource) => r.id === id);

/** Runs the queue while watching the resource's state: answers every state seen, in order. */
async function transcode(id: number): Promise<string[]> {
  const seen = [(await staffView(id)).stream?.state ?? 'absent'];
  let done = false;
  const draining = t.app.jobs.drain(transcodeJob).finally(() => {
    done = true;
  });
  while (!done) {
    const state = (await staffView(id)).stream?.state ?? 'absent';
    if (seen.at(-1) !== state) seen.push(state);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await draining;
  const state = (await staffView(id)).stream?.state ?? 'absent';
  if (seen.at(-1) !== state) seen.push(state);
  return seen;
}

const get = (url: string): Promise<Answer> => t.call('GET', url);
const childUrls = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));
const relative = (base: string, child: string) =>
  new URL(child, `http://x${base}`).pathname + new URL(child, `http://x${base}`).search;

describe('streaming versions of uploaded videos', () => {
  let mp4: Resource;

  it('turns a 720p H.264 upload into HLS: queued → processing → ready, three renditions, the measured length', async () => {
    mp4 = await addVideo('Alkenes.mp4', clips.h264, 'video/mp4');
    expect(mp4.duration).toBe(0);
    expect(mp4.stream).toEqual({ state: 'queued', progress: 0, renditions: [], reason: null });
    const states = await transcode(mp4.id);
    expect(states[0]).toBe('queued');
    expect(states).toContain('processing');
    expect(states.at(-1)).toBe('ready');
    const ready = await staffView(mp4.id);
    expect(ready.stream).toEqual({ state: 'ready', progress: 1, renditions: [360, 540, 720], reason: null });
    expect(ready.duration).toBeGreaterThan(2);
    expect(ready.duration).toBeLessThan(3);
  }, 60_000);

  it('takes a WebM recorded in a browser (no length stated): two renditions below its 540p, and its length', async () => {
    const webm = await addVideo('Recorded.webm', clips.webm, 'video/webm');
    const states = await transcode(webm.id);
    expect(states.at(-1)).toBe('ready');
    const ready = await staffView(webm.id);
    expect(ready.stream?.renditions).toEqual([360, 540]);
    expect(ready.duration).toBeGreaterThan(2);
  }, 60_000);

  it('gives a student a signed master playlist whose playlists and segments are signed in turn', async () => {
    const lecture = await studentView(mp4.id);
    expect(lecture.hlsUrl).toMatch(new RegExp(`^/api/streams/${mp4.id}/master\\.m3u8\\?s=${student.id}&e=\\d+&sig=`));
    const master = await get(lecture.hlsUrl ?? '');
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    const variants = childUrls(master.body);
    expect(variants.map((v) => v.split('?')[0])).toEqual(['360p/index.m3u8', '540p/index.m3u8', '720p/index.m3u8']);
    const query = (lecture.hlsUrl ?? '').split('?')[1];
    for (const variant of variants) expect(variant.endsWith(`?${query}`)).toBe(true);
    const low = relative(lecture.hlsUrl ?? '', variants[0] ?? '');
    const playlist = await get(low);
    expect(playlist.statusCode).toBe(200);
    const segments = childUrls(playlist.body);
    expect(segments.length).toBeGreaterThan(0);
    const segment = await get(relative(low, segments[0] ?? ''));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
    const poster = await get(lecture.posterUrl ?? '');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // No other file is reachable with the same signature.
    expect(
      (await get((lecture.hlsUrl ?? '').replace('master.m3u8', '../../files/x'))).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await get((lecture.hlsUrl ?? '').replace('master.m3u8', '1080p/index.m3u8'))).statusCode).toBe(404);
  });

  it('refuses an expired, a tampered, another student’s and an unenrolled student’s link with 403', async () => {
    const lecture = await studentView(mp4.id);
    const url = lecture.hlsUrl ?? '';
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `/api/streams/${mp4.id}/master.m3u8?${signStream(t.app.signingSecret, mp4.id, student.id, past)}`;
    expectMessage(await get(expired), 403, 'This streaming link is invalid or has expired.');
    const tampered = url.replace(/sig=./, (match) => `sig=${match.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(tampered)).statusCode).toBe(403);
    const longer = url.replace(/e=(\d+)/, (_m, e) => `e=${Number(e) + 3600}`);
    expect((await get(longer)).statusCode).toBe(403);
    const otherStudent = url.replace(`s=${student.id}`, `s=${other.id}`);
    expect((await get(otherStudent)).statusCode).toBe(403);
    const otherLecture = url.replace(`/streams/${mp4.id}/`, `/streams/${mp4.id + 1}/`);
    expect((await get(otherLecture)).statusCode).toBe(403);

    // The same link, once the student is no longer enrolled: refused at the next request.
    const enrolment = (await t.call('GET', `/api/enrollments/student/${student.id}`, tutor.headers))
      .json()
      .find((e: { courseId: number }) => e.courseId === courseId);
    expect((await get(url)).statusCode).toBe(200);
    await t.call('PUT', `/api/enrollments/${enrolment.id}`, tutor.headers, { status: 'DISABLED' });
    expectMessage(await get(url), 403, 'You are not enrolled in this course.');
    await t.call('PUT', `/api/enrollments/${enrolment.id}`, tutor.headers, { status: 'ACTIVE' });
    expect((await get(url)).statusCode).toBe(200);
  });

  it('reports a failed transcode with its reason, and staff may retry it', async () => {
    const broken = await addVideo('Broken.mp4', clips.broken, 'video/mp4');
    const states = await transcode(broken.id);
    expect(states.at(-1)).toBe('failed');
    const failed = (await staffView(broken.id)).stream;
    expect(failed?.reason).toMatch(/^The file could not be read as a video: .+/);
    expect((await studentView(broken.id)).hlsUrl).toBeUndefined();
    // The working folder is gone.
    expect(
      await import('node:fs/promises').then((fs) => fs.readdir(path.join(t.dataDir, 'transcode')).catch(() => [])),
    ).toEqual([]);

    expect((await t.call('POST', `/api/resources/${broken.id}/stream/retry`, student.headers)).statusCode).toBe(403);
    const retried = await t.call('POST', `/api/resources/${broken.id}/stream/retry`, tutor.headers);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ state: 'queued' });
    expectMessage(
      await t.call('POST', `/api/resources/${broken.id}/stream/retry`, tutor.headers),
      409,
      'This video is being transcoded already.',
    );
    expect((await transcode(broken.id)).at(-1)).toBe('failed');
  }, 60_000);

  it('removes the renditions with their resource', async () => {
    const lecture = await studentView(mp4.id);
    const before: string[] = [];
    for await (const object of t.storage.list())
      if (object.key.startsWith(`streams/${mp4.id}/`)) before.push(object.key);
    expect(before.length).toBeGreaterThan(5);
    // sweep-files knows them: none is an orphan while their resource stands.
    const orphans = await findOrphans(t.database.db, t.storage, 0);
    expect(orphans.filter((orphan) => orphan.key.startsWith('streams/'))).toEqual([]);
    expect((await t.call('DELETE', `/api/resources/${mp4.id}`, boss.headers)).statusCode).toBe(204);
    const after: string[] = [];
    for await (const object of t.storage.list())
      if (object.key.startsWith(`streams/${mp4.id}/`)) after.push(object.key);
    expect(after).toEqual([]);
    expect((await get(lecture.hlsUrl ?? '')).statusCode).toBe(404);
  });
});

describe('without ffmpeg', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
  });
  afterAll(() => bare?.close());

  it('keeps the video as uploaded and says streaming versions need ffmpeg', async () => {
    const staff = await bare.login('ROLE_ADMIN');
    const pupil = await bare.login('ROLE_STUDENT', 'amaya');
    const course = await bare.createCourse(staff.headers, 'Physical chemistry');
    await bare.call('POST', '/api/enrollments', staff.headers, {
      studentId: pupil.id,
      courseId: course.id,
      status: 'ACTIVE',
    });
    const key = 'resources/44444444-4444-4444-8444-444444444444-clip.mp4';
    const row = await bare.storeResource(course.id, { key, name: 'clip.mp4', type: 'video/mp4', bytes: clips.h264 });
    const detail = (await bare.call('GET', `/api/courses/${course.id}`, staff.headers)).json();
    expect(detail.resources[0].stream).toEqual({
      state: 'none',
      progress: 0,
      renditions: [],
      reason: STREAMING_NEEDS_FFMPEG,
    });
    expectMessage(
      await bare.call('POST', `/api/resources/${row.id}/stream/retry`, staff.headers),
      409,
      STREAMING_NEEDS_FFMPEG,
    );
    const mine = (await bare.call('GET', `/api/me/courses/${course.id}/resources`, pupil.headers)).json();
    expect(mine[0].hlsUrl).toBeUndefined();
    expect((await bare.call('GET', mine[0].url)).statusCode).toBe(200);
  });
});
