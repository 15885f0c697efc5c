import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
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

describe('editing a staff account', () => {
  const edit = (headers: AuthHeaders, id: number, payload: object) =>
    t.call('PATCH', `/api/staff/${id}`, headers, payload);
  const me = (headers: AuthHeaders) => t.call('GET', '/api/me', headers).then((answer) => answer.statusCode);
  /** A staff account made through the API, signed in through the API. */
  async function staffMember(boss: AuthHeaders, username: string, role = 'ROLE_ADMIN') {
    const created = await createStaff(boss, { username, password: 'teach-chem', role });
    expect(created.statusCode).toBe(201);
    const login = await t.signin(username, 'teach-chem', '10.3.0.1');
    expect(login.statusCode).toBe(200);
    return { id: created.json().id as number, headers: { authorization: `Bearer ${login.json().jwtToken}` } };
  }
  const audited = (id: number) =>
    t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.update'), eq(auditLog.target, `account:${id}`)))
      .orderBy(asc(auditLog.id));

  it('changes the role: the list says so and the old session ends, so the portal reads the new roles', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const member = await staffMember(boss.headers, 'promoted.one');
    const answer = await edit(boss.headers, member.id, { role: 'ROLE_SUPERADMIN' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: member.id, role: 'ROLE_SUPERADMIN', disabled: false });
    expect(await me(member.headers)).toBe(401);
    const again = await t.signin('promoted.one', 'teach-chem', '10.3.0.2');
    expect(again.json().roles).toEqual(['ROLE_SUPERADMIN']);
    const listed = (await t.call('GET', '/api/staff', boss.headers)).json();
    expect(listed.find((s: { id: number }) => s.id === member.id)).toMatchObject({ role: 'ROLE_SUPERADMIN' });
    expect((await audited(member.id)).map((row) => row.details)).toEqual([
      { username: 'promoted.one', role: 'ROLE_SUPERADMIN' },
    ]);
  });

  it('disables an account: its sessions end at once and sign-in says why; enabling lets it back in', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const member = await staffMember(boss.headers, 'leaving.tutor');
    expect(await me(member.headers)).toBe(200);
    const disabled = await edit(boss.headers, member.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ username: 'leaving.tutor', disabled: true });
    expect(await me(member.headers)).toBe(401);
    const refused = await t.signin('leaving.tutor', 'teach-chem', '10.3.0.3');
    expectMessage(refused, 403, 'This account is disabled. Ask a superadmin to enable it.');
    // A wrong password says nothing about the account.
    expectMessage(await t.signin('leaving.tutor', 'wrong-pw', '10.3.0.3'), 401, 'Invalid username or password.');
    const listed = (await t.call('GET', '/api/staff', boss.headers)).json();
    expect(listed.find((s: { id: number }) => s.id === member.id)).toMatchObject({ disabled: true });

    expect((await edit(boss.headers, member.id, { disabled: false })).json()).toMatchObject({ disabled: false });
    expect((await t.signin('leaving.tutor', 'teach-chem', '10.3.0.4')).statusCode).toBe(200);
    expect((await audited(member.id)).map((row) => row.details)).toEqual([
      { username: 'leaving.tutor', disabled: true },
      { username: 'leaving.tutor', disabled: false },
    ]);
  });

  it('sets a new password: the old one and the old sessions stop working', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const member = await staffMember(boss.headers, 'forgetful.tutor');
    const answer = await edit(boss.headers, member.id, { password: 'new-chem-pw' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).not.toHaveProperty('passwordHash');
    expect(await me(member.headers)).toBe(401);
    expect((await t.signin('forgetful.tutor', 'teach-chem', '10.3.0.5')).statusCode).toBe(401);
    expect((await t.signin('forgetful.tutor', 'new-chem-pw', '10.3.0.5')).statusCode).toBe(200);
    // The audit says a password was set, never which.
    expect((await audited(member.id)).map((row) => row.details)).toEqual([
      { username: 'forgetful.tutor', passwordChanged: true },
    ]);
  });

  it('never leaves the platform without an enabled superadmin', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    // Every other superadmin this file made is demoted first, so `boss` is the last one.
    const others = (await t.call('GET', '/api/staff', boss.headers))
      .json()
      .filter((s: { id: number; role: string; disabled: boolean }) => s.role === 'ROLE_SUPERADMIN' && s.id !== boss.id);
    for (const other of others)
      expect((await edit(boss.headers, other.id, { role: 'ROLE_ADMIN' })).statusCode).toBe(200);

    const last = 'The last enabled superadmin cannot be demoted or disabled. Make another account superadmin first.';
    expectMessage(await edit(boss.headers, boss.id, { role: 'ROLE_ADMIN' }), 409, last);
    expectMessage(await edit(boss.headers, boss.id, { disabled: true }), 409, last);
    expect(await me(boss.headers)).toBe(200);
    // A disabled superadmin does not count: enabling it would not stop the last enabled one being needed.
    const sleeper = await staffMember(boss.headers, 'sleeping.boss', 'ROLE_SUPERADMIN');
    expect((await edit(boss.headers, sleeper.id, { disabled: true })).statusCode).toBe(200);
    expectMessage(await edit(boss.headers, boss.id, { disabled: true }), 409, last);
    // Two enabled superadmins demoting each other at the same moment: one of them stays.
    expect((await edit(boss.headers, sleeper.id, { disabled: false })).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      edit(boss.headers, boss.id, { role: 'ROLE_ADMIN' }),
      edit(boss.headers, sleeper.id, { role: 'ROLE_ADMIN' }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
  });

  it('refuses what it cannot do with a sentence, and only a superadmin may edit', async () => {
    const boss = await t.login('ROLE_SUPERADMIN');
    const admin = await t.login('ROLE_ADMIN');
    const student = await t.login('ROLE_STUDENT');
    expect((await edit(admin.headers, admin.id, { role: 'ROLE_SUPERADMIN' })).statusCode).toBe(403);
    expect((await edit(student.headers, admin.id, { disabled: true })).statusCode).toBe(403);
    expectMessage(await edit(boss.headers, student.id, { disabled: true }), 404, 'Staff account not found.');
    expectMessage(await edit(boss.headers, 987654, { disabled: true }), 404, 'Staff account not found.');
    expectMessage(await edit(boss.headers, admin.id, {}), 400, 'Give a role, disabled or a new password to change.');
    expectMessageContaining(
      await edit(boss.headers, admin.id, { role: 'ROLE_STUDENT', password: 'x' }),
      400,
      'Role must be ROLE_ADMIN or ROLE_SUPERADMIN.',
      'Password must be at least 6 characters.',
    );
    expectMessageContaining(
      await edit(boss.headers, admin.id, { disabled: 'yes' }),
      400,
      'disabled must be true or false.',
    );
    expect(await me(admin.headers)).toBe(200);
  });
});
