import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../../db/schema.js';
import { type AuthHeaders, expectMessage, LOGIN_PASSWORD, useTestApp } from '../../test/harness.js';

const t = useTestApp();

const bearer = (token: string): AuthHeaders => ({ authorization: `Bearer ${token}` });

/** POST /me/password from one client address, so the sign-in throttle's counters can be followed. */
const changePassword = (headers: AuthHeaders, body: object, remoteAddress = '10.20.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/me/password', headers, payload: body, remoteAddress });

/** Signs the account in through the API from that address, expecting success: one session's token. */
async function session(username: string, password: string, remoteAddress: string): Promise<AuthHeaders> {
  const answer = await t.signin(username, password, remoteAddress);
  expect(answer.statusCode).toBe(200);
  return bearer(answer.json().jwtToken);
}

const hashOf = async (id: number) =>
  (await t.database.db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, id)))[0]?.hash;

describe('POST /me/password', () => {
  it('refuses a wrong current password with 400, and counts it as a failed sign-in of the account', async () => {
    const account = await t.login('ROLE_STUDENT', 'guessed.at');
    const address = '10.21.0.1';
    const signedIn = await session(account.username, LOGIN_PASSWORD, address);
    const before = await hashOf(account.id);
    for (let i = 0; i < 5; i++) {
      const answer = await changePassword(
        signedIn,
        { currentPassword: `guess-${i}`, newPassword: 'a-new-passphrase' },
        address,
      );
      expectMessage(answer, 400, 'Your current password is not correct.');
    }
    expect(await hashOf(account.id)).toBe(before);
    // The five wrong guesses used up the account's attempts from this address, as at /signin: the
    // right password is now refused there too, and so is a sixth guess through this call.
    const blocked = await t.signin(account.username, LOGIN_PASSWORD, address);
    expectMessage(blocked, 429, /^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/);
    const sixth = await changePassword(
      signedIn,
      { currentPassword: LOGIN_PASSWORD, newPassword: 'a-new-passphrase' },
      address,
    );
    expect(sixth.statusCode).toBe(429);
    expect(await hashOf(account.id)).toBe(before);
  });

  it('refuses a new password equal to the current one, or one too short, with 400', async () => {
    const account = await t.login('ROLE_STUDENT', 'same.again');
    expectMessage(
      await changePassword(account.headers, { currentPassword: LOGIN_PASSWORD, newPassword: LOGIN_PASSWORD }),
      400,
      'The new password must be different from the current one.',
    );
    const short = await changePassword(account.headers, { currentPassword: LOGIN_PASSWORD, newPassword: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^Password must be at least \d+ characters\.$/);
    expect((await changePassword(account.headers, {})).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'x', newPassword: 'a-new-passphrase' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it.each([
    ['a student', 'ROLE_STUDENT', 'student.changes'],
    ['a staff member', 'ROLE_ADMIN', 'tutor.changes'],
  ] as const)('lets %s change it: other sessions end, this device stays signed in', async (_, role, username) => {
    const account = await t.login(role, username);
    const phone = await session(username, LOGIN_PASSWORD, '10.22.0.1');
    const laptop = await session(username, LOGIN_PASSWORD, '10.22.0.2');
    const newPassword = 'chemistry-is-fun-2026';

    const answer = await changePassword(phone, { currentPassword: LOGIN_PASSWORD, newPassword }, '10.22.0.1');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({ jwtToken: expect.any(String), roles: [role] });

    // Every token issued before the change stops working, the asking device's old one too.
    for (const old of [laptop, phone, account.headers])
      expect((await t.call('GET', '/api/me', old)).statusCode).toBe(401);
    const fresh = await t.call('GET', '/api/me', bearer(body.jwtToken));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ id: account.id, username });

    expect((await t.signin(username, LOGIN_PASSWORD, '10.22.0.3')).statusCode).toBe(401);
    expect((await t.signin(username, newPassword, '10.22.0.3')).statusCode).toBe(200);

    const audited = await t.database.db
      .select({ actorId: auditLog.actorId, target: auditLog.target })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.password'), eq(auditLog.target, `account:${account.id}`)));
    expect(audited).toEqual([{ actorId: account.id, target: `account:${account.id}` }]);
  });

  it('keeps a student shown as signed in after the change', async () => {
    const account = await t.login('ROLE_STUDENT', 'still.here');
    const answer = await changePassword(account.headers, {
      currentPassword: LOGIN_PASSWORD,
      newPassword: 'another-passphrase',
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ loggedIn: accounts.loggedIn })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(row?.loggedIn).toBe(true);
  });
});
