import { scryptSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.js';
import { createTestApp, expectMessage, expectMessageContaining, type TestApp, useTestApp } from '../../test/harness.js';

const t = useTestApp();

describe('sign-in and sessions', () => {
  it('signs a superadmin in with a token and roles', async () => {
    const admin = await t.login('ROLE_SUPERADMIN', 'boss');
    const me = await t.call('GET', '/api/me', admin.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: admin.id,
      username: 'boss',
      roles: ['ROLE_SUPERADMIN'],
      language: null,
      dataSaver: false,
    });
  });

  it('refuses a token once its session ends on another server, heard through the database', async () => {
    const admin = await t.login('ROLE_ADMIN', 'elsewhere');
    expect((await t.call('GET', '/api/me', admin.headers)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/me', admin.headers)).statusCode).toBe(200);
    // Another server's force logout: the row changes behind this server's back.
    await t.database.db
      .update(accounts)
      .set({ sessionVersion: sql`${accounts.sessionVersion} + 1` })
      .where(eq(accounts.id, admin.id));
    await expect
      .poll(async () => (await t.call('GET', '/api/me', admin.headers)).statusCode, { timeout: 2000 })
      .toBe(401);
    // And a renamed account is shown by its new name at once.
    const other = await t.login('ROLE_ADMIN', 'renamed-later');
    expect((await t.call('GET', '/api/me', other.headers)).json().username).toBe('renamed-later');
    await t.database.db.update(accounts).set({ username: 'renamed-now' }).where(eq(accounts.id, other.id));
    await expect
      .poll(async () => (await t.call('GET', '/api/me', other.headers)).json().username, { timeout: 2000 })
      .toBe('renamed-now');
  });

  it('answers 401 with a message for a wrong password or unknown user', async () => {
    await t.login('ROLE_ADMIN', 'tutor');
    expectMessage(await t.signin('tutor', 'not-the-password', '10.0.0.2'), 401, 'Invalid username or password.');
    const unknown = await t.signin('nobody', 'whatever', '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
  });

  it('answers 400 for missing fields and for malformed JSON, never 500', async () => {
    expectMessageContaining(await t.call('POST', '/api/signin', undefined, {}), 400, 'Username is required.');
    const malformed = await t.call('POST', '/api/signin', { 'content-type': 'application/json' }, '{"username":');
    expectMessage(malformed, 400, 'The request body is not valid JSON.');
  });

  it('throttles one account from one address after 5 failures, and says so', async () => {
    await t.login('ROLE_ADMIN', 'victim');
    for (let i = 0; i < 5; i++) expect((await t.signin('victim', 'guess', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await t.signin('victim', 'password123', '10.1.0.1');
    expectMessage(blocked, 429, /^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('lets at most 5 of 100 parallel wrong passwords from one address reach the password check', async () => {
    await t.login('ROLE_ADMIN', 'parallel1');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.signin('parallel1', 'wrong-guess', '10.3.0.1')),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    // Only an attempt whose password was checked can answer 401.
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(100);
  });

  it('slows parallel guesses at one account from 100 addresses to 10 checks, then backs off in seconds', async () => {
    await t.login('ROLE_ADMIN', 'parallel2');
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.signin('parallel2', 'wrong-guess', `10.4.${i}.1`)),
    );
    const seconds = (Date.now() - started) / 1000;
    // 10 free checks, then one after 1 s, 2 s, 4 s … of back-off: slowed, not locked.
    const backoffChecks = Math.floor(Math.log2(seconds + 1)) + 1;
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(10 + backoffChecks);
    const slowed = answers.find((a) => a.statusCode === 429);
    expect(slowed?.json().message).toMatch(/for this account\. Try again in \d+ second\(s\)\.$/);
    expect(Number(slowed?.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('does not let strangers lock the owner out from an address the owner used before', async () => {
    await t.login('ROLE_ADMIN', 'owner');
    expect((await t.signin('owner', 'password123', '10.7.0.1')).statusCode).toBe(200);
    const strangers: number[] = [];
    for (let i = 0; i < 60; i++)
      strangers.push((await t.signin('owner', 'wrong-guess', `10.8.${i % 20}.1`)).statusCode);
    // Whether one given attempt is slowed depends on how long the checks before it took (the back-off
    // is in seconds): on a loaded machine one can arrive just as a wait ends. That strangers are slowed
    // at all is the point; that the owner is not, even then, is the next line's.
    expect(strangers).toContain(429);
    const own = await t.signin('owner', 'password123', '10.7.0.1');
    expect(own.statusCode).toBe(200);
  });

  it('gives back attempts that turn out right, so a user who mistypes now and then is never blocked', async () => {
    await t.login('ROLE_ADMIN', 'typo');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await t.signin('typo', 'pasword123', '10.5.0.1')).statusCode).toBe(401);
      expect((await t.signin('typo', 'password123', '10.5.0.1')).statusCode).toBe(200);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const spoof = (app: TestApp['app'], i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { username: 'xff-target', password: 'guess' },
        remoteAddress: '10.10.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    // A new "address" per request does not escape the limit of one account from one address.
    for (let i = 0; i < 5; i++) expect((await spoof(t.app, i)).statusCode).toBe(401);
    expect((await spoof(t.app, 5)).statusCode).toBe(429);

    // Behind a trusted proxy each forwarded client is counted as itself.
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.10.0.0/16' } });
    try {
      for (let i = 0; i < 6; i++) expect((await spoof(proxied.app, i)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('marks a student logged in and logout ends the session at once', async () => {
    const student = await t.login('ROLE_STUDENT', 'learner');
    const staff = await t.login('ROLE_ADMIN');
    const loggedIn = async () => {
      const list = await t.call('GET', '/api/students', staff.headers);
      return list.json().find((s: { id: number }) => s.id === student.id).loggedIn;
    };
    expect(await loggedIn()).toBe(true);

    expect((await t.call('POST', '/api/logout', student.headers)).statusCode).toBe(204);
    expect((await t.call('GET', '/api/me', student.headers)).statusCode).toBe(401);
    expect(await loggedIn()).toBe(false);
  });

  it('refuses a correctly signed token that carries no expiry', async () => {
    const user = await t.login('ROLE_ADMIN', 'no-exp');
    const key = new TextEncoder().encode(t.app.signingSecret);
    const forever = await new SignJWT({ ver: 1, roles: ['ROLE_ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .sign(key);
    expect((await t.call('GET', '/api/me', { authorization: `Bearer ${forever}` })).statusCode).toBe(401);
    const withExp = await new SignJWT({ ver: 1, roles: ['ROLE_ADMIN'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(key);
    expect((await t.call('GET', '/api/me', { authorization: `Bearer ${withExp}` })).statusCode).toBe(200);
  });

  it('replaces a scrypt password hash (made before Argon2id) at the next sign-in', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const oldHash = `scrypt$16384$8$5$${salt.toString('base64')}$${scryptSync('old-params-pw', salt, 64, { N: 16384, r: 8, p: 5, maxmem: 64 * 1024 * 1024 }).toString('base64')}`;
    const [row] = await t.database.db
      .insert(accounts)
      .values({ username: 'legacy', passwordHash: oldHash, role: 'ROLE_ADMIN' })
      .returning();
    expect((await t.signin('legacy', 'old-params-pw', '10.11.0.1')).statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, row?.id ?? 0));
    expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await t.signin('legacy', 'old-params-pw', '10.11.0.1')).statusCode).toBe(200);
    expectMessage(await t.signin('legacy', 'old-params-pW', '10.11.0.1'), 401, 'Invalid username or password.');
  });

  it('refuses forged and garbage tokens', async () => {
    const garbage = await t.call('GET', '/api/me', { authorization: 'Bearer abc.def.ghi' });
    expectMessage(garbage, 401, 'Authentication required.');
  });
});
