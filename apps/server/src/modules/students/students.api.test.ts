import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.js';
import {
  type AuthHeaders,
  expectMessage,
  expectMessageContaining,
  type Method,
  useTestApp,
} from '../../test/harness.js';

const t = useTestApp();
let headers: AuthHeaders;
beforeAll(async () => {
  headers = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  for (const username of ['kasun.perera', 'Kavindi_S', 'nimali', 'priya%shan', 'tharindu', 'KAMAL']) {
    await t.app.accounts.create({ username, password: 'chem-2026', role: 'ROLE_STUDENT' });
  }
});

const list = (query = '') => t.call('GET', `/api/students${query}`, headers);
const call = (method: Method, url: string, who: AuthHeaders, payload?: object) =>
  t.call(method, `/api${url}`, who, payload);
/** What `/me` answers the student's token: 200 while the session lasts, 401 once it is ended. */
const meStatus = async (who: AuthHeaders) => (await t.call('GET', '/api/me', who)).statusCode;

describe('GET /students', () => {
  it('answers the plain array of every student without a limit, as before', async () => {
    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: { username: string }) => s.username)).toEqual([
      'kasun.perera',
      'Kavindi_S',
      'nimali',
      'priya%shan',
      'tharindu',
      'KAMAL',
    ]);
  });

  it('answers one page and the total with limit and offset', async () => {
    const page = await list('?limit=4&offset=4');
    expect(page.json()).toEqual({
      items: [
        { id: expect.any(Number), username: 'tharindu', name: null, loggedIn: false },
        { id: expect.any(Number), username: 'KAMAL', name: null, loggedIn: false },
      ],
      total: 6,
      limit: 4,
      offset: 4,
    });
    expect(page.body).not.toMatch(/argon2|scrypt|passwordHash/);
  });

  it('counts without sending rows when limit is 0 (the dashboard counter)', async () => {
    expect((await list('?limit=0')).json()).toEqual({ items: [], total: 6, limit: 0, offset: 0 });
  });

  it('searches usernames for q in any case, taking % and _ literally', async () => {
    const ka = await list('?limit=8&q=KA');
    expect(ka.json().items.map((s: { username: string }) => s.username)).toEqual([
      'kasun.perera',
      'Kavindi_S',
      'KAMAL',
    ]);
    expect(ka.json().total).toBe(3);
    expect((await list('?limit=8&q=%25')).json().items.map((s: { username: string }) => s.username)).toEqual([
      'priya%shan',
    ]);
    expect((await list('?limit=8&q=_')).json().total).toBe(1);
  });

  it('keeps its totals exact as students come and go, whichever server changes them', async () => {
    const totals = async () => [
      (await list('?limit=0')).json().total,
      (await list('?limit=8&q=ka')).json().total,
      (await list('?limit=8&q=kav')).json().total,
    ];
    const [all, ka, kav] = await totals();
    // Through this server: counted again at once.
    const kavya = await t.app.accounts.create({ username: 'kavya', password: 'chem-2026', role: 'ROLE_STUDENT' });
    expect(await totals()).toEqual([all + 1, ka + 1, kav + 1]);
    // Written by another server (here, straight into the database): heard through the accounts trigger.
    const [raw] = await t.database.db
      .insert(accounts)
      .values({ username: 'kavishka', passwordHash: 'x', role: 'ROLE_STUDENT' })
      .returning({ id: accounts.id });
    await expect.poll(totals, { timeout: 2000 }).toEqual([all + 2, ka + 2, kav + 2]);
    await t.database.db
      .update(accounts)
      .set({ username: 'nuwan' })
      .where(eq(accounts.id, raw?.id ?? 0));
    await expect.poll(totals, { timeout: 2000 }).toEqual([all + 2, ka + 1, kav + 1]);
    await t.database.db.delete(accounts).where(inArray(accounts.id, [raw?.id ?? 0, kavya.id]));
    await expect.poll(totals, { timeout: 2000 }).toEqual([all, ka, kav]);
  });

  it.each([
    ['?limit=-1', 'limit must be a whole number.'],
    ['?limit=1e2', 'limit must be a whole number.'],
    ['?limit=101', 'limit must be at most 100.'],
    ['?limit=5&offset=x', 'offset must be a whole number.'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    expectMessageContaining(await list(query), 400, message);
  });
});

describe('students', () => {
  it('lets staff add students and list them without secrets', async () => {
    const tutor = await t.login('ROLE_ADMIN');
    const created = await call('POST', '/students/signup', tutor.headers, { username: 'kasun', password: 'chem-2026' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), username: 'kasun', name: null, loggedIn: false });
    const duplicate = await call('POST', '/students/signup', tutor.headers, {
      username: 'Kasun',
      password: 'chem-2026',
    });
    expectMessage(duplicate, 409, "Username 'Kasun' is already taken.");
    const list = await call('GET', '/students', tutor.headers);
    expect(list.body).not.toMatch(/argon2|scrypt|passwordHash/);
    expect(list.json().some((s: { username: string }) => s.username === 'kasun')).toBe(true);
  });

  it('refuses a blank password and students using staff endpoints', async () => {
    const tutor = await t.login('ROLE_ADMIN');
    const blank = await call('POST', '/students/signup', tutor.headers, { username: 'blanky', password: '        ' });
    expectMessage(blank, 400, 'Password must not be blank.');
    const student = await t.login('ROLE_STUDENT');
    expect((await call('GET', '/students', student.headers)).statusCode).toBe(403);
  });
});

describe('GET /students without limit (the whole list)', () => {
  it('sends every student as one JSON array, read page by page, in id order and without secrets', async () => {
    const tutor = await t.login('ROLE_ADMIN');
    // More than two pages of the stream (500 rows each), written straight into the table.
    await t.database.db.insert(accounts).values(
      Array.from({ length: 1201 }, (_, i) => ({
        username: `streamed.${String(i).padStart(4, '0')}`,
        passwordHash: 'x',
        role: 'ROLE_STUDENT' as const,
      })),
    );
    const whole = await call('GET', '/students', tutor.headers);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    const students = whole.json() as { id: number; username: string }[];
    const total = (await call('GET', '/students?limit=0', tutor.headers)).json().total;
    expect(students).toHaveLength(total);
    expect(students.filter((s) => s.username.startsWith('streamed.'))).toHaveLength(1201);
    expect(students.map((s) => s.id)).toEqual([...students.map((s) => s.id)].sort((a, b) => a - b));
    expect(Object.keys(students[0] ?? {}).sort()).toEqual(['id', 'loggedIn', 'name', 'username']);
    expect(whole.body).not.toContain('passwordHash');
  });
});

describe('PUT /students/{id}, DELETE /students/{id}, POST /logoutstudent', () => {
  it('renames a student, and a new password ends their sessions', async () => {
    const student = await t.login('ROLE_STUDENT', 'old.name');
    const renamed = await call('PUT', `/students/${student.id}`, headers, { username: 'new.name', password: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: student.id, username: 'new.name', name: null, loggedIn: true });
    // The token still works: only the username changed.
    expect(await meStatus(student.headers)).toBe(200);

    const reset = await call('PUT', `/students/${student.id}`, headers, {
      username: 'new.name',
      password: 'fresh-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(await meStatus(student.headers)).toBe(401);
    const signin = await t.call('POST', '/api/signin', undefined, { username: 'new.name', password: 'fresh-pass-1' });
    expect(signin.statusCode).toBe(200);
  });

  it('refuses a taken username (any case), a short one, and ids that are not students', async () => {
    const student = await t.login('ROLE_STUDENT', 'unique.one');
    const taken = await call('PUT', `/students/${student.id}`, headers, { username: 'NIMALI' });
    expectMessage(taken, 409, "Username 'NIMALI' is already taken.");
    expect((await call('PUT', `/students/${student.id}`, headers, { username: 'ab' })).statusCode).toBe(400);
    const tutor = await t.login('ROLE_ADMIN', 'another.tutor');
    expect((await call('PUT', `/students/${tutor.id}`, headers, { username: 'sneaky' })).statusCode).toBe(404);
    expect((await call('PUT', '/students/987654', headers, { username: 'ghost' })).statusCode).toBe(404);
  });

  it('lets only a superadmin delete a student, with their enrolments, and audits it', async () => {
    const boss = await t.login('ROLE_SUPERADMIN', 'the.boss');
    const student = await t.login('ROLE_STUDENT', 'leaving');
    expect((await call('DELETE', `/students/${student.id}`, headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/students/${student.id}`, boss.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/students/${student.id}`, boss.headers)).statusCode).toBe(404);
    expect(await meStatus(student.headers)).toBe(401);
    expect((await list()).json().some((s: { username: string }) => s.username === 'leaving')).toBe(false);
  });

  it('force-logs a student out: every token answers 401 at once', async () => {
    const student = await t.login('ROLE_STUDENT', 'logged.in');
    const out = await call('POST', '/logoutstudent', headers, { username: 'logged.in' });
    expect(out.statusCode).toBe(204);
    expect(await meStatus(student.headers)).toBe(401);
    const listed = (await list('?limit=5&q=logged.in')).json().items[0];
    expect(listed.loggedIn).toBe(false);
    expect((await call('POST', '/logoutstudent', headers, { username: 'nobody.at.all' })).statusCode).toBe(404);
    expect((await call('POST', '/logoutstudent', headers, { username: '' })).statusCode).toBe(400);
  });
});

describe('student names', () => {
  // Sinhala with a zero-width joiner inside (ශ්‍රී), and Tamil: both must come back byte for byte.
  const SINHALA = 'ශ්‍රීමතී කසුන් පෙරේරා';
  const TAMIL = 'நிமாலி செல்வராஜா';
  const names = (query: string) =>
    list(query).then((answer) => answer.json().items.map((s: { username: string; name: string | null }) => s.name));

  it('takes a name at sign-up and in an edit, in any script, and keeps it when an edit leaves it out', async () => {
    const created = await call('POST', '/students/signup', headers, {
      username: 'sinhala.name',
      password: 'chem-2026',
      name: `  ${SINHALA}  `,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'sinhala.name', name: SINHALA });
    const id = created.json().id as number;
    const tamil = await call('PUT', `/students/${id}`, headers, { username: 'sinhala.name', name: TAMIL });
    expect(tamil.json()).toMatchObject({ name: TAMIL });
    expect(await names('?limit=8&q=sinhala.name')).toEqual([TAMIL]);
    // Left out: kept. Blank or null: cleared.
    const kept = await call('PUT', `/students/${id}`, headers, { username: 'sinhala.name2' });
    expect(kept.json()).toMatchObject({ username: 'sinhala.name2', name: TAMIL });
    expect(
      (await call('PUT', `/students/${id}`, headers, { username: 'sinhala.name2', name: ' \u200B ' })).json(),
    ).toMatchObject({
      name: null,
    });
    expect(
      (await call('PUT', `/students/${id}`, headers, { username: 'sinhala.name2', name: SINHALA })).json(),
    ).toMatchObject({
      name: SINHALA,
    });
    expect(
      (await call('PUT', `/students/${id}`, headers, { username: 'sinhala.name2', name: null })).json(),
    ).toMatchObject({
      name: null,
    });
  });

  it('refuses a name that is too long or holds a NUL, and saves nothing', async () => {
    const student = await t.login('ROLE_STUDENT', 'named.badly');
    expectMessage(
      await call('PUT', `/students/${student.id}`, headers, { username: 'named.badly', name: 'x'.repeat(101) }),
      400,
      'Name must be at most 100 characters.',
    );
    expectMessage(
      await call('POST', '/students/signup', headers, { username: 'nul.name', password: 'chem-2026', name: 'a\0b' }),
      400,
      'Name must not contain a NUL character.',
    );
    expectMessage(
      await call('PUT', `/students/${student.id}`, headers, { username: 'named.badly', name: 42 }),
      400,
      'Name must be text.',
    );
  });

  it('finds students by name as well as username, in any case and script, short searches too', async () => {
    const make = (username: string, name: string) =>
      call('POST', '/students/signup', headers, { username, password: 'chem-2026', name });
    await make('s.4001', 'Dilini Wickramasinghe');
    await make('s.4002', TAMIL);
    await make('s.4003', 'Ωmega Qz');
    expect(await names('?limit=8&q=WICKRAMA')).toEqual(['Dilini Wickramasinghe']);
    expect(await names('?limit=8&q=செல்வ')).toEqual([TAMIL]);
    expect((await list('?limit=8&q=செல்வ')).json().total).toBe(1);
    // Under three letters the search takes another way (no trigram index): names still count.
    expect(await names('?limit=8&q=qz')).toEqual(['Ωmega Qz']);
    expect((await list('?limit=8&q=qz')).json().total).toBe(1);
  });

  it('counts a short search again when a name changes on another server', async () => {
    const total = async () => (await list('?limit=8&q=zq')).json().total as number;
    const before = await total();
    const student = await t.login('ROLE_STUDENT', 'renamed.elsewhere');
    expect(await total()).toBe(before);
    // Written by another server (straight into the database): heard through the accounts trigger.
    await t.database.db.update(accounts).set({ name: 'Zqa Name' }).where(eq(accounts.id, student.id));
    await expect.poll(total, { timeout: 2000 }).toBe(before + 1);
  });
});
