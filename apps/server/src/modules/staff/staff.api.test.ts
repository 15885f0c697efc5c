import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/signin', payload: { username, password }, remoteAddress: ip });

describe('staff accounts', () => {
  it('lets a superadmin create an instructor who can sign in but not manage staff', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: boss.headers,
      payload: { username: 'instructor1', password: 'teach-chem', role: 'ROLE_ADMIN' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'instructor1', role: 'ROLE_ADMIN' });
    expect(created.json()).not.toHaveProperty('passwordHash');

    const login = await signin('instructor1', 'teach-chem', '10.2.0.1');
    expect(login.statusCode).toBe(200);
    expect(login.json().roles).toEqual(['ROLE_ADMIN']);
    const headers = { authorization: `Bearer ${login.json().jwtToken}` };
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers,
      payload: { username: 'sneaky', password: 'teach-chem', role: 'ROLE_SUPERADMIN' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff', headers })).statusCode).toBe(403);

    const list = await t.app.inject({ method: 'GET', url: '/api/staff', headers: boss.headers });
    expect(list.json().map((s: { username: string }) => s.username)).toContain('instructor1');
  });

  it('validates staff input and refuses duplicate usernames', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: boss.headers,
      payload: { username: 'x', password: '1', role: 'ROLE_STUDENT' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Username must be at least 3 characters.');
    expect(bad.json().message).toContain('Role must be ROLE_ADMIN or ROLE_SUPERADMIN.');
    const payload = { username: 'dupe.staff', password: 'secret12', role: 'ROLE_ADMIN' };
    expect((await t.app.inject({ method: 'POST', url: '/api/staff', headers: boss.headers, payload })).statusCode).toBe(
      201,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: boss.headers,
      payload: { ...payload, username: 'DUPE.staff' },
    });
    expect(again.statusCode).toBe(409);
  });
});
