import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAccount } from '../accounts/service.js';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  for (const username of ['kasun.perera', 'Kavindi_S', 'nimali', 'priya%shan', 'tharindu', 'KAMAL']) {
    await createAccount(t.database.db, { username, password: 'chem-2026', role: 'ROLE_STUDENT' });
  }
});
afterAll(() => t.close());

const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/students${query}`, headers });

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
    expect(page.body).not.toContain('scrypt');
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

  it.each([
    ['?limit=-1', 'limit must be a whole number.'],
    ['?limit=1e2', 'limit must be a whole number.'],
    ['?limit=101', 'limit must be at most 100.'],
    ['?limit=5&offset=x', 'offset must be a whole number.'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const answer = await list(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });
});
