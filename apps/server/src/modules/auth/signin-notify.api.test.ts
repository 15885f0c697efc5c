import { describe, expect, it } from 'vitest';
import { LOGIN_PASSWORD, useTestApp } from '../../test/harness.js';
import { ACCOUNT_CHANGED } from '../accounts/heard-cache.js';

const t = useTestApp();

/**
 * Every account change the other servers hear, until `stop`. PostgreSQL delivers a channel's
 * notifications in commit order, so once a later change is heard every earlier one has been too.
 */
async function hearAccountChanges() {
  const heard: string[] = [];
  const stop = await t.database.listen(
    ACCOUNT_CHANGED,
    (payload) => heard.push(payload),
    () => undefined,
  );
  return { heard, stop };
}

describe('what a sign-in announces to the other servers', () => {
  it('announces nothing: a signed-in flag or a rehash changes no session a server keeps', async () => {
    const staff = await t.login('ROLE_ADMIN');
    const student = await t.login('ROLE_STUDENT');
    const { heard, stop } = await hearAccountChanges();
    try {
      // The first sign-in after a logout sets the flag again; the second finds it set.
      expect((await t.call('POST', '/api/logout', student.headers)).statusCode).toBe(204);
      await expect.poll(() => heard.includes(String(student.id))).toBe(true);
      heard.length = 0;
      for (let i = 0; i < 2; i++) expect((await t.signin(student.username, LOGIN_PASSWORD)).statusCode).toBe(200);
      // A change that is announced, committed after the sign-ins: once it is heard, so is any earlier.
      const later = await t.createStudent(staff.headers, `later${student.id}`);
      await expect.poll(() => heard.some((payload) => payload.startsWith(`${later.id} `))).toBe(true);
      expect(heard.filter((payload) => payload.split(' ')[0] === String(student.id))).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('still lets a signed-in token through everywhere, and a logout still ends it', async () => {
    const student = await t.login('ROLE_STUDENT');
    const signedIn = await t.signin(student.username, LOGIN_PASSWORD);
    const headers = { authorization: `Bearer ${signedIn.json().jwtToken}` };
    expect((await t.call('GET', '/api/me', headers)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout', headers)).statusCode).toBe(204);
    expect((await t.call('GET', '/api/me', headers)).statusCode).toBe(401);
  });
});
