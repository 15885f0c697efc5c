import { randomUUID } from 'node:crypto';
import { HEARTBEAT_FIRST_BEAT_SECONDS, HEARTBEAT_SLACK_SECONDS, MAX_PLAYBACK_RATE } from '@valence/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { watchTime } from '../../db/schema.js';
import { enrol } from '../../test/exams.js';
import {
  type AuthHeaders,
  expectMessage,
  expectMessageContaining,
  type Login,
  useTestApp,
} from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';

const t = useTestApp();
let staff: AuthHeaders;
let pupil: Login;
let other: Login;
let outsider: Login;
const lecture: Record<string, number> = {};

const at = daysFromNow;
/** The lectures here are two minutes long, so the caps are easy to reach. */
const DURATION = 120;
/** Ten minutes: room to show a viewing's seconds bounded by time rather than by the lecture's end. */
const LONG = 600;

type Beat = { viewingKey: string; segments: [number, number][]; position: number; token?: string };

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  pupil = await t.login('ROLE_STUDENT', 'nimali');
  other = await t.login('ROLE_STUDENT', 'tharindu');
  outsider = await t.login('ROLE_STUDENT', 'sahan');
  const course = (await t.createCourse(staff, 'Organic chemistry')).id;
  const elsewhere = (await t.createCourse(staff, 'Revision')).id;
  await enrol(t, staff, course, pupil.id);
  await enrol(t, staff, course, other.id);
  await enrol(t, staff, elsewhere, outsider.id);
  lecture.live = await addLecture(t, staff, { courseId: course, name: 'Alkenes', liveAt: at(-2), duration: DURATION });
  lecture.second = await addLecture(t, staff, {
    courseId: course,
    name: 'Alkynes',
    liveAt: at(-1),
    duration: DURATION,
  });
  // One lecture per inflation test: a test's live viewings must not count against another's.
  for (const name of ['marathon', 'crowd', 'stale']) {
    lecture[name] = await addLecture(t, staff, { courseId: course, name, liveAt: at(-1), duration: LONG });
  }
  lecture.future = await addLecture(t, staff, {
    courseId: course,
    name: 'Aromatics',
    liveAt: at(3),
    duration: DURATION,
  });
});

// Each test starts its viewings an hour after the last test's: at most three viewings of a lecture
// count at once, and the tests here start many of the same student's one after another.
beforeEach(async () => {
  await t.database.db.update(watchTime).set({
    beatAt: sql`${watchTime.beatAt} - interval '1 hour'`,
    timestamp: sql`${watchTime.timestamp} - interval '1 hour'`,
  });
});

const beat = (lectureId: number, body: Beat | object | string, headers: object = pupil.headers) =>
  t.call('POST', `/api/me/lectures/${lectureId}/heartbeat`, headers as AuthHeaders, body as object);

/** A beat sent the way navigator.sendBeacon sends a string: no Authorization, JSON as text/plain. */
const beacon = (lectureId: number, body: Beat) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/lectures/${lectureId}/heartbeat`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });

const viewing = async (viewingKey: string, studentId = pupil.id) => {
  const rows = await t.database.db
    .select()
    .from(watchTime)
    .where(and(eq(watchTime.studentId, studentId), eq(watchTime.viewingKey, viewingKey)));
  return rows[0];
};

/** As if `seconds` of wall-clock time had passed since the viewing's last playing beat (and its start). */
const wait = (viewingKey: string, seconds: number) =>
  t.database.db
    .update(watchTime)
    .set({
      beatAt: sql`${watchTime.beatAt} - make_interval(secs => ${seconds})`,
      timestamp: sql`${watchTime.timestamp} - make_interval(secs => ${seconds})`,
    })
    .where(eq(watchTime.viewingKey, viewingKey));

const ok = async (answer: Awaited<ReturnType<typeof beat>>, watchedDuration: number) => {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().watchedDuration).toBeCloseTo(watchedDuration, 6);
};

describe('POST /me/lectures/{id}/heartbeat', () => {
  it("creates the viewing's record on its first beat, with the lecture's name and the server's time", async () => {
    const key = randomUUID();
    const before = Date.now();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 9.5]], position: 9.5 }), 9.5);
    const row = await viewing(key);
    expect(row).toMatchObject({
      resourceId: lecture.live,
      videoName: 'Alkenes',
      watchedDuration: 9.5,
      segments: [[0, 9.5]],
      position: 9.5,
    });
    expect(row?.timestamp.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.beatAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a first beat claiming more than the first-beat allowance, and creates nothing', async () => {
    const key = randomUUID();
    const most = HEARTBEAT_FIRST_BEAT_SECONDS + HEARTBEAT_SLACK_SECONDS;
    expectMessageContaining(
      await beat(lecture.live as number, { viewingKey: key, segments: [[0, most + 1]], position: most + 1 }),
      400,
      'is not counted',
    );
    expect(await viewing(key)).toBeUndefined();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, most]], position: most }), most);
  });

  it('refuses a beat faster than real time and changes nothing; after a real wait the same beat is taken', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    const before = await viewing(key);
    // Twenty seconds of lecture reported a moment after the last beat.
    const refused = await beat(lecture.live as number, { viewingKey: key, segments: [[10, 30]], position: 30 });
    expectMessageContaining(refused, 400, '20 seconds played', 'is not counted');
    expect(await viewing(key)).toEqual(before);

    // A few seconds of real time buy a few seconds of playing (within the slack).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[10, 14]], position: 14 }), 14);

    await wait(key, 20);
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[14, 34]], position: 34 }), 34);
    expect(await viewing(key)).toMatchObject({ segments: [[0, 34]], position: 34, watchedDuration: 34 });
  });

  it('takes a beat played at 2× (twice the seconds that passed) and refuses one faster than that', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    await wait(key, 10);
    // 20 seconds of lecture in 10 seconds: the player's fastest speed.
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[10, 30]], position: 30 }), 30);
    await wait(key, 10);
    // 30 seconds of lecture in 10: faster than 2× plus the slack.
    const refused = await beat(lecture.live as number, { viewingKey: key, segments: [[30, 60]], position: 60 });
    expectMessageContaining(refused, 400, '30 seconds played', 'is not counted');
  });

  it('counts a part watched again within one viewing once', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 20]], position: 20 }), 20);
    await wait(key, 60);
    // Seeks back to 5, plays to 30; then back to 0 for a moment.
    await ok(
      await beat(lecture.live as number, {
        viewingKey: key,
        segments: [
          [5, 30],
          [0, 3],
        ],
        position: 3,
      }),
      30,
    );
    expect(await viewing(key)).toMatchObject({ segments: [[0, 30]], watchedDuration: 30 });
  });

  it("never counts more than the lecture's length, and a hair past the end is cut off", async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 30]], position: 30 }), 30);
    await wait(key, 500);
    await ok(
      await beat(lecture.live as number, {
        viewingKey: key,
        segments: [[30, DURATION + 0.6]],
        position: DURATION + 0.6,
      }),
      DURATION,
    );
    await wait(key, 500);
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, DURATION]], position: 0 }), DURATION);
    expect(await viewing(key)).toMatchObject({ segments: [[0, DURATION]], watchedDuration: DURATION });
  });

  it('refuses a segment or position out of the lecture, and any malformed beat, with 400 and changes nothing', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 5]], position: 5 }), 5);
    await wait(key, 600);
    const before = await viewing(key);
    const live = lecture.live as number;
    expectMessageContaining(
      await beat(live, { viewingKey: key, segments: [[100, DURATION + 5]], position: 100 }),
      400,
      'out of range',
    );
    expectMessageContaining(
      await beat(live, { viewingKey: key, segments: [], position: DURATION + 5 }),
      400,
      'out of range',
    );
    expectMessageContaining(await beat(live, { viewingKey: key, segments: [[8, 8]], position: 8 }), 400, 'end after');
    expectMessageContaining(await beat(live, { viewingKey: key, segments: [[9, 7]], position: 8 }), 400, 'end after');
    expectMessageContaining(
      await beat(live, { viewingKey: key, segments: [[-1, 4]], position: 4 }),
      400,
      '0 seconds or more',
    );
    expectMessageContaining(await beat(live, { viewingKey: key, segments: [[0, 4]], position: '4' }), 400, 'position');
    expectMessageContaining(await beat(live, { viewingKey: key, segments: '0-4', position: 4 }), 400, 'segments');
    expectMessageContaining(await beat(live, { viewingKey: 'abc', segments: [], position: 4 }), 400, 'viewingKey');
    expectMessage(
      await t.app.inject({
        method: 'POST',
        url: `/api/me/lectures/${live}/heartbeat`,
        headers: { ...pupil.headers, 'content-type': 'application/json' },
        payload: '{"viewingKey": ',
      }),
      400,
      'The request body is not valid JSON.',
    );
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/me/lectures/${live}/heartbeat`,
      headers: { ...pupil.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ viewingKey: key, segments: [], position: 1, pad: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await viewing(key)).toEqual(before);
  });

  it.each([
    ['an array', '[1, 2]'],
    ['null', 'null'],
    ['a bare number', '42'],
    ['a huge number', `{"viewingKey": "${randomUUID()}", "segments": [[0, 1e400]], "position": 1}`],
    ['a segment of three numbers', `{"viewingKey": "${randomUUID()}", "segments": [[0, 1, 2]], "position": 1}`],
    ['a segment of strings', `{"viewingKey": "${randomUUID()}", "segments": [["0", "1"]], "position": 1}`],
    ['a prototype key', `{"viewingKey": "${randomUUID()}", "segments": [], "position": 1, "__proto__": {"x": 1}}`],
    ['a token that is a number', `{"viewingKey": "${randomUUID()}", "segments": [], "position": 1, "token": 7}`],
  ])('answers a body that is %s with 400, never 500', async (_name, payload) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/me/lectures/${lecture.live}/heartbeat`,
      headers: { ...pupil.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toEqual(expect.any(String));
  });

  it('answers a viewing of more than 200 segments in one beat with 400', async () => {
    const segments = Array.from({ length: 201 }, (_, i) => [i * 0.5, i * 0.5 + 0.01]);
    expectMessage(
      await beat(lecture.live as number, { viewingKey: randomUUID(), segments, position: 1 }),
      400,
      'Too many segments in one heartbeat.',
    );
  });

  it('takes a pause report without restarting the clock the next playing beat is measured against', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    const playedAt = (await viewing(key))?.beatAt;
    // 15 s after the last beat: the app reports a pause, then playback resumes at once.
    await wait(key, 15);
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [], position: 12 }), 10);
    const paused = await viewing(key);
    expect(paused?.position).toBe(12);
    expect(paused?.beatAt?.getTime()).toBe((playedAt?.getTime() ?? 0) - 15_000);
    // The next beat brings the 12 s played before and after the pause: 15 s have passed, so it counts.
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[10, 22]], position: 22 }), 22);
  });

  it('takes a beat that adds nothing new (a retry) without a speed check and without moving the clock', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 20]], position: 20 }), 20);
    const first = await viewing(key);
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 20]], position: 20 }), 20);
    expect(await viewing(key)).toEqual(first);
  });

  it('keeps both of two beats sent at once', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    await wait(key, 10);
    const answers = await Promise.all([
      beat(lecture.live as number, { viewingKey: key, segments: [[10, 12]], position: 12 }),
      beat(lecture.live as number, { viewingKey: key, segments: [[50, 52]], position: 52 }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await viewing(key)).toMatchObject({
      segments: [
        [0, 12],
        [50, 52],
      ],
      watchedDuration: 14,
    });
  });

  it("keeps another student's viewing with the same key apart", async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    await ok(
      await beat(lecture.live as number, { viewingKey: key, segments: [[40, 45]], position: 45 }, other.headers),
      5,
    );
    expect(await viewing(key)).toMatchObject({ segments: [[0, 10]], watchedDuration: 10, position: 10 });
    expect(await viewing(key, other.id)).toMatchObject({ segments: [[40, 45]], watchedDuration: 5, position: 45 });
  });

  it('refuses a viewing key already used for another lecture', async () => {
    const key = randomUUID();
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[0, 10]], position: 10 }), 10);
    expectMessageContaining(
      await beat(lecture.second as number, { viewingKey: key, segments: [], position: 0 }),
      409,
      'another lecture',
    );
  });

  it('answers 404 for an unknown lecture and 403 for one not live or not in an active course of mine', async () => {
    const body = { viewingKey: randomUUID(), segments: [[0, 5]], position: 5 };
    expectMessage(await beat(987654, body), 404, 'Resource not found.');
    expectMessage(await beat(lecture.future as number, body), 403, 'This lecture is not available now.');
    expectMessage(
      await beat(lecture.live as number, body, outsider.headers),
      403,
      'You are not enrolled in this course.',
    );
    expectMessage(await beat(lecture.live as number, body, staff), 403, 'This is for students only.');
    expect(await viewing(body.viewingKey)).toBeUndefined();
  });
});

/** Seconds counted for the student's heartbeat viewings of the lecture, and how many are stored. */
const counted = async (lectureId: number, studentId = pupil.id) => {
  const rows = await t.database.db
    .select({ watchedDuration: watchTime.watchedDuration })
    .from(watchTime)
    .where(and(eq(watchTime.studentId, studentId), eq(watchTime.resourceId, lectureId)));
  return { seconds: rows.reduce((sum, row) => sum + row.watchedDuration, 0), viewings: rows.length };
};

describe('watch time a client cannot inflate', () => {
  const firstBeat = HEARTBEAT_FIRST_BEAT_SECONDS + HEARTBEAT_SLACK_SECONDS;

  it("bounds a viewing's seconds by the time since it began, however many beats claim the slack", async () => {
    const marathon = lecture.marathon as number;
    const key = randomUUID();
    const began = performance.now();
    await ok(await beat(marathon, { viewingKey: key, segments: [[0, 3]], position: 3 }), 3);
    // 199 beats of 3 s each (the slack) sent as fast as they go: 597 s of a 600 s lecture claimed.
    for (let from = 3; from < 600; from += 3) {
      await beat(marathon, { viewingKey: key, segments: [[from, from + 3]], position: from + 3 });
    }
    const spent = (performance.now() - began) / 1000;
    const row = await viewing(key);
    // The player's fastest speed (2×) plays two seconds of lecture a second.
    expect(row?.watchedDuration).toBeLessThanOrEqual(firstBeat + spent * MAX_PLAYBACK_RATE);
    expect(row?.watchedDuration).toBeGreaterThanOrEqual(firstBeat - HEARTBEAT_SLACK_SECONDS);
  });

  it('refuses a beat within the time since the last one that takes the viewing past the time since it began', async () => {
    const marathon = lecture.marathon as number;
    const key = randomUUID();
    await ok(await beat(marathon, { viewingKey: key, segments: [[0, 30]], position: 30 }), 30);
    // 10 s since the last beat, but only a moment since the viewing began with 30 s played.
    await t.database.db
      .update(watchTime)
      .set({ beatAt: sql`${watchTime.beatAt} - make_interval(secs => 10)` })
      .where(eq(watchTime.viewingKey, key));
    expectMessageContaining(
      await beat(marathon, { viewingKey: key, segments: [[30, 40]], position: 40 }),
      400,
      'would bring the viewing to 40 seconds played',
      'since it began',
      'is not counted',
    );
    expect(await viewing(key)).toMatchObject({ segments: [[0, 30]], watchedDuration: 30 });
    await wait(key, 100);
    await ok(await beat(marathon, { viewingKey: key, segments: [[30, 130]], position: 130 }), 130);
  });

  it('counts at most three viewings of a lecture at once: fifty started together add 3 × 33 s, not 50 × 33 s', async () => {
    const crowd = lecture.crowd as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        beat(crowd, { viewingKey: randomUUID(), segments: [[0, firstBeat]], position: firstBeat }),
      ),
    );
    // Every beat is taken as the contract says; only three of them count.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const seconds = answers.map((answer) => answer.json().watchedDuration as number).sort((a, b) => b - a);
    expect(seconds).toEqual([firstBeat, firstBeat, firstBeat, ...Array(47).fill(0)]);
    expect(await counted(crowd)).toEqual({ seconds: 3 * firstBeat, viewings: 3 });
    // Another student's viewing of the same lecture is theirs to count.
    await ok(await beat(crowd, { viewingKey: randomUUID(), segments: [[0, 10]], position: 10 }, other.headers), 10);
  });

  it('counts nothing for a viewing resumed over time three others were counted for, and measures it from then', async () => {
    const stale = lecture.stale as number;
    const resumed = randomUUID();
    await ok(await beat(stale, { viewingKey: resumed, segments: [[0, 10]], position: 10 }), 10);
    await wait(resumed, 120);
    const others = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of others) {
      await ok(await beat(stale, { viewingKey: key, segments: [[0, 30]], position: 30 }), 30);
    }
    // 120 s since its last beat, but three other viewings were counted meanwhile.
    await ok(await beat(stale, { viewingKey: resumed, segments: [[10, 100]], position: 100 }), 10);
    const after = await viewing(resumed);
    expect(after).toMatchObject({ segments: [[0, 10]], watchedDuration: 10, position: 100 });
    expect(Date.now() - (after?.beatAt?.getTime() ?? 0)).toBeLessThan(5000);
    // The time it was not counted for is spent: the next beat is measured from the refused one.
    expectMessageContaining(
      await beat(stale, { viewingKey: resumed, segments: [[100, 130]], position: 130 }),
      400,
      'since the viewing',
    );
    // Once the others have stopped, it counts again.
    for (const key of others) await wait(key, 60);
    await wait(resumed, 30);
    await ok(await beat(stale, { viewingKey: resumed, segments: [[100, 130]], position: 130 }), 40);
    expect(await counted(stale)).toEqual({ seconds: 130, viewings: 4 });
  });
});

describe('the last beat, sent with navigator.sendBeacon', () => {
  it('takes the session token in the body and a text/plain JSON body', async () => {
    const key = randomUUID();
    const token = pupil.headers.authorization.slice('Bearer '.length);
    await ok(await beacon(lecture.live as number, { viewingKey: key, segments: [[0, 8]], position: 8, token }), 8);
    await wait(key, 10);
    await ok(await beat(lecture.live as number, { viewingKey: key, segments: [[8, 16]], position: 16, token }, {}), 16);
    expect(await viewing(key)).toMatchObject({ watchedDuration: 16, position: 16 });
  });

  it('refuses everyone but a signed-in student: no token, a bad one, staff, or an ended session', async () => {
    const key = randomUUID();
    const body = { viewingKey: key, segments: [[0, 5]] as [number, number][], position: 5 };
    expectMessage(await beacon(lecture.live as number, body), 401, 'Authentication required.');
    expectMessage(
      await beacon(lecture.live as number, { ...body, token: 'not.a.token' }),
      401,
      'Authentication required.',
    );
    const staffToken = staff.authorization.slice('Bearer '.length);
    expectMessage(
      await beacon(lecture.live as number, { ...body, token: staffToken }),
      403,
      'This is for students only.',
    );
    // A token that came with the body is not a second chance for a bad header.
    const withBadHeader = await beat(
      lecture.live as number,
      { ...body, token: pupil.headers.authorization.slice(7) },
      { authorization: 'Bearer nonsense' },
    );
    expect(withBadHeader.statusCode).toBe(401);

    const leaving = await t.login('ROLE_STUDENT', 'leaving');
    await enrol(t, staff, (await t.createCourse(staff, 'Leaving course')).id, leaving.id);
    expect((await t.call('POST', '/api/logoutstudent', staff, { username: 'leaving' })).statusCode).toBe(204);
    const ended = leaving.headers.authorization.slice('Bearer '.length);
    expectMessage(await beacon(lecture.live as number, { ...body, token: ended }), 401, 'Authentication required.');
    expect(await viewing(key)).toBeUndefined();
    expect(await viewing(key, leaving.id)).toBeUndefined();
  });

  it('reads text/plain as JSON on the heartbeat only', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/api/watchtime',
      headers: { ...pupil.headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ resourceId: lecture.live, watchedDuration: 10 }),
    });
    expect(other.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/me/lectures/${lecture.live}/heartbeat`,
      headers: { ...pupil.headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: 'hello',
    });
    expectMessage(notJson, 400, 'The request body is not valid JSON.');
  });
});

describe('what staff and the app read back', () => {
  it("shows a heartbeat viewing's seconds in the staff watch-time list", async () => {
    const student = await t.login('ROLE_STUDENT', 'dilini');
    await enrol(t, staff, (await t.createCourse(staff, 'Dilini course')).id, student.id);
    const course = (await t.call('GET', `/api/enrollments/student/${student.id}`, staff)).json()[0].courseId;
    const lectureId = await addLecture(t, staff, {
      courseId: course,
      name: 'Esters',
      liveAt: at(-1),
      duration: DURATION,
    });
    const key = randomUUID();
    await ok(await beat(lectureId, { viewingKey: key, segments: [[0, 25]], position: 25 }, student.headers), 25);
    await wait(key, 30);
    await ok(await beat(lectureId, { viewingKey: key, segments: [[25, 50.5]], position: 50.5 }, student.headers), 50.5);
    const list = await t.call('GET', '/api/api/watchtime/dilini', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: expect.any(Number),
        videoName: 'Esters',
        courseTitle: 'Dilini course',
        timestamp: expect.any(String),
        watchedDuration: 50.5,
      },
    ]);
    expect((await t.call('GET', '/api/api/watchtime/total/dilini', staff)).json()).toBe(50.5);
  });

  it('GET /me/lectures/{id}/resume answers the position of my latest viewing, or null', async () => {
    const resume = (lectureId: number, headers: object = pupil.headers) =>
      t.call('GET', `/api/me/lectures/${lectureId}/resume`, headers as AuthHeaders);
    expect((await resume(lecture.second as number, other.headers)).json()).toEqual({ position: null });

    const first = randomUUID();
    await ok(
      await beat(lecture.second as number, { viewingKey: first, segments: [[0, 10]], position: 10 }, other.headers),
      10,
    );
    expect((await resume(lecture.second as number, other.headers)).json()).toEqual({ position: 10 });
    await wait(first, 30);
    await ok(
      await beat(lecture.second as number, { viewingKey: first, segments: [], position: 64.5 }, other.headers),
      10,
    );
    expect((await resume(lecture.second as number, other.headers)).json()).toEqual({ position: 64.5 });

    const later = randomUUID();
    await ok(
      await beat(lecture.second as number, { viewingKey: later, segments: [[70, 75]], position: 75 }, other.headers),
      5,
    );
    expect((await resume(lecture.second as number, other.headers)).json()).toEqual({ position: 75 });

    expectMessage(await resume(987654), 404, 'Resource not found.');
    expectMessage(await resume(lecture.future as number), 403, 'This lecture is not available now.');
    expectMessage(await resume(lecture.live as number, outsider.headers), 403, 'You are not enrolled in this course.');
  });
});
