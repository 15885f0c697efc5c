import { describe, expect, it } from 'vitest';
import { type AuthHeaders, expectMessage, expectMessageContaining, useTestApp } from '../../test/harness.js';

const t = useTestApp();

const createStaff = (headers: AuthHeaders, payload: object) => t.call('POST', '/api/staff', headers, payload);

describe('staff accounts', () => {
  it('lets a superadmin create an instructor who can sign in but not manage staff', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const created = await createStaff(boss.headers, {
      username: 'instructor1',
      password: 'teach-chem',
      role: 'ROLE_ADMIN',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'instructor1', role: 'ROLE_ADMIN' });
    expect(created.json()).not.toHaveProperty('passwordHash');

    const login = await t.signin('instructor1', 'teach-chem', '10.2.0.1');
    expect(login.statusCode).toBe(200);
    expect(login.json().roles).toEqual(['ROLE_ADMIN']);
    const headers = { authorization: `Bearer ${login.json().jwtToken}` };
    const denied = await createStaff(headers, { username: 'sneaky', password: 'teach-chem', role: 'ROLE_SUPERADMIN' });
    expect(denied.statusCode).toBe(403);
    expect((await t.call('GET', '/api/staff', headers)).statusCode).toBe(403);

    const list = await t.call('GET', '/api/staff', boss.headers);
    expect(list.json().map((s: { username: string }) => s.username)).toContain('instructor1');
  });

  it('validates staff input and refuses duplicate usernames', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const bad = await createStaff(boss.headers, { username: 'x', password: '1', role: 'ROLE_STUDENT' });
    expectMessageContaining(
      bad,
      400,
      'Username must be at least 3 characters.',
      'Role must be ROLE_ADMIN or ROLE_SUPERADMIN.',
    );
    const payload = { username: 'dupe.staff', password: 'secret12', role: 'ROLE_ADMIN' };
    expect((await createStaff(boss.headers, payload)).statusCode).toBe(201);
    const taken = await createStaff(boss.headers, { ...payload, username: 'DUPE.staff' });
    expectMessage(taken, 409, "Username 'DUPE.staff' is already taken.");
    // One namespace with the students: the portal says the same words on either screen.
    await t.createStudent(boss.headers, 'shared.name');
    const student = await createStaff(boss.headers, { ...payload, username: 'shared.name' });
    expectMessage(student, 409, "Username 'shared.name' is already taken.");
  });
});
