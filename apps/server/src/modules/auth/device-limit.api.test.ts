import { SESSION_END_MESSAGES } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { auditLog } from '../../db/schema.js';
import { type Answer, createTestApp, expectStatus, type TestApp, useTestApp } from '../../test/harness.js';

const t = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** Signs in through the API from a browser saying `userAgent`; answers the bearer header. */
async function signinFrom(app: TestApp, username: string, password: string, userAgent = ANDROID_CHROME) {
  const answer = await app.app.inject({
    method: 'POST',
    url: '/api/signin',
    headers: { 'user-agent': userAgent },
    payload: { username, password },
  });
  const { jwtToken } = expectStatus<{ jwtToken: string }>(answer, 200);
  return { authorization: `Bearer ${jwtToken}` };
}

let students = 0;
async function newStudent(app: TestApp) {
  const admin = await app.login('ROLE_ADMIN');
  students += 1;
  const student = await app.createStudent(admin.headers, `device-student-${students}`);
  return { admin, student, signin: (ua?: string) => signinFrom(app, student.username, 'student-pw', ua) };
}

const me = (app: TestApp, headers: { authorization: string }) => app.call('GET', '/api/me', headers);

function expectSignedOut(answer: Answer, code: 'SIGNED_IN_ELSEWHERE' | 'DEVICE_SIGNED_OUT') {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toEqual({ message: SESSION_END_MESSAGES[code], code });
}

describe('device limit', () => {
  it('ends the oldest session at a third sign-in, and tells that device why', async () => {
    const { signin } = await newStudent(t);
    const first = await signin();
    const second = await signin(IPHONE_SAFARI);
    expect((await me(t, first)).statusCode).toBe(200);
    const third = await signin();
    expectSignedOut(await me(t, first), 'SIGNED_IN_ELSEWHERE');
    expect(SESSION_END_MESSAGES.SIGNED_IN_ELSEWHERE).toBe(
      'You were signed out because your account was used on another device.',
    );
    // Every call says so, not only the first; a public call ignores the dead token as any other.
    expectSignedOut(await t.call('GET', '/api/me/courses', first), 'SIGNED_IN_ELSEWHERE');
    expect((await t.call('GET', '/api/settings', first)).statusCode).toBe(200);
    expect((await me(t, second)).statusCode).toBe(200);
    expect((await me(t, third)).statusCode).toBe(200);
  });

  it('does not limit staff', async () => {
    const admin = await t.login('ROLE_ADMIN', 'many-devices-tutor');
    const tokens = [];
    for (let i = 0; i < 4; i++) tokens.push(await signinFrom(t, admin.username, 'password123'));
    for (const headers of tokens) expect((await me(t, headers)).statusCode).toBe(200);
  });

  it("follows the Settings screen's number, and goes back to the server's default", async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    expect(expectStatus(await t.call('GET', '/api/settings/devices', boss.headers), 200)).toEqual({
      maxDevicesPerStudent: 2,
      serverDefault: 2,
      custom: false,
    });
    const set = await t.call('PUT', '/api/settings/devices', boss.headers, { maxDevicesPerStudent: 1 });
    expect(expectStatus(set, 200)).toEqual({ maxDevicesPerStudent: 1, serverDefault: 2, custom: true });
    expect((await t.call('PUT', '/api/settings/devices', boss.headers, { maxDevicesPerStudent: 0 })).json()).toEqual({
      message: 'Devices per student must be a whole number from 1 to 10.',
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.devices'));
    expect(entry?.details).toEqual({ before: null, after: 1 });

    const { signin } = await newStudent(t);
    const phone = await signin();
    const laptop = await signin();
    expectSignedOut(await me(t, phone), 'SIGNED_IN_ELSEWHERE');
    expect((await me(t, laptop)).statusCode).toBe(200);

    const reset = await t.call('PUT', '/api/settings/devices', boss.headers, { maxDevicesPerStudent: null });
    expect(expectStatus(reset, 200)).toEqual({ maxDevicesPerStudent: 2, serverDefault: 2, custom: false });
    const tablet = await signin();
    expect((await me(t, laptop)).statusCode).toBe(200);
    expect((await me(t, tablet)).statusCode).toBe(200);
  });

  it("lets staff see a student's devices and end one, written to the audit log", async () => {
    const { admin, student, signin } = await newStudent(t);
    const phone = await signin(ANDROID_CHROME);
    const iphone = await signin(IPHONE_SAFARI);
    // The phone was used last: it is listed first.
    expect((await me(t, phone)).statusCode).toBe(200);
    const devices = expectStatus<{ id: string; browser: string; signedInAt: string; lastSeenAt: string }[]>(
      await t.call('GET', `/api/students/${student.id}/devices`, admin.headers),
      200,
    );
    expect(devices.map((device) => device.browser).sort()).toEqual(['Chrome on Android', 'Safari on iPhone']);
    for (const device of devices)
      expect(Date.parse(device.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(device.signedInAt));

    const iphoneRow = devices.find((device) => device.browser === 'Safari on iPhone');
    const ended = await t.call('DELETE', `/api/students/${student.id}/devices/${iphoneRow?.id}`, admin.headers);
    expect(ended.statusCode).toBe(204);
    expectSignedOut(await me(t, iphone), 'DEVICE_SIGNED_OUT');
    expect((await me(t, phone)).statusCode).toBe(200);
    const left = expectStatus<{ browser: string }[]>(
      await t.call('GET', `/api/students/${student.id}/devices`, admin.headers),
      200,
    );
    expect(left.map((device) => device.browser)).toEqual(['Chrome on Android']);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'student.device.end'));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        target: `account:${student.id}`,
        details: { username: student.username, device: 'Safari on iPhone' },
      }),
    ]);

    // Ending it again, or a device of nobody, is a 404 with a reason; a student is refused.
    const again = await t.call('DELETE', `/api/students/${student.id}/devices/${iphoneRow?.id}`, admin.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This device is not signed in any more.');
    expect((await t.call('GET', `/api/students/${admin.id}/devices`, admin.headers)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/students/${student.id}/devices`, phone)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/students/${student.id}/devices/${devices[0]?.id}`, phone)).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', `/api/students/${student.id}/devices/x`, admin.headers)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/students/${student.id}/devices/not-a-device`, admin.headers)).statusCode).toBe(
      400,
    );
  });

  it('lists no device once the student signs out (every session ends)', async () => {
    const { admin, student, signin } = await newStudent(t);
    const phone = await signin();
    expect((await t.call('POST', '/api/logout', phone)).statusCode).toBe(204);
    const devices = await t.call('GET', `/api/students/${student.id}/devices`, admin.headers);
    expect(expectStatus(devices, 200)).toEqual([]);
    // A plain 401 for an ordinary ended session: nothing to explain.
    expect((await me(t, phone)).json()).toEqual({ message: 'Authentication required.' });
  });
});

describe('on another server', () => {
  it('refuses the signed-out device at once, though that server kept its session in memory', async () => {
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const replica = await buildApp({
      config,
      database: t.database,
      storage: t.storage,
      secret: t.app.signingSecret,
      logger: false,
    });
    await replica.ready();
    try {
      const { signin } = await newStudent(t);
      const first = await signin();
      await signin();
      const onReplica = (headers: { authorization: string }) =>
        replica.inject({ method: 'GET', url: '/api/me', headers });
      // Checked there twice: the replica now answers from what it keeps.
      expect((await onReplica(first)).statusCode).toBe(200);
      expect((await onReplica(first)).statusCode).toBe(200);
      const third = await signin();
      expectSignedOut(await onReplica(first), 'SIGNED_IN_ELSEWHERE');
      expect((await onReplica(third)).statusCode).toBe(200);
    } finally {
      await replica.close();
    }
  });
});

describe('MAX_DEVICES_PER_STUDENT', () => {
  it('sets the default limit', async () => {
    const app = await createTestApp({ env: { MAX_DEVICES_PER_STUDENT: '3' } });
    try {
      const { signin } = await newStudent(app);
      const first = await signin();
      const others = [await signin(), await signin()];
      expect((await me(app, first)).statusCode).toBe(200);
      await signin();
      expectSignedOut(await me(app, first), 'SIGNED_IN_ELSEWHERE');
      for (const headers of others) expect((await me(app, headers)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
