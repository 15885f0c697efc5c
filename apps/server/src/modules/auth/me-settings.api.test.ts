import { describe, expect, it } from 'vitest';
import { expectMessage, expectMessageContaining, useTestApp } from '../../test/harness.js';

const t = useTestApp();

describe("a student's own settings (PATCH /me)", () => {
  it('starts with no language and Data saver off, and keeps what the student sets', async () => {
    const student = await t.login('ROLE_STUDENT', 'nimali');
    const before = await t.call('GET', '/api/me', student.headers);
    expect(before.json()).toMatchObject({ username: 'nimali', language: null, dataSaver: false });

    const language = await t.call('PATCH', '/api/me', student.headers, { language: 'si' });
    expect(language.statusCode).toBe(200);
    expect(language.json()).toMatchObject({ id: student.id, language: 'si', dataSaver: false });

    // Each field alone changes only itself.
    const saver = await t.call('PATCH', '/api/me', student.headers, { dataSaver: true });
    expect(saver.json()).toMatchObject({ language: 'si', dataSaver: true });

    const both = await t.call('PATCH', '/api/me', student.headers, { language: 'ta', dataSaver: false });
    expect(both.json()).toMatchObject({ language: 'ta', dataSaver: false });
    expect((await t.call('GET', '/api/me', student.headers)).json()).toEqual({
      id: student.id,
      username: 'nimali',
      roles: ['ROLE_STUDENT'],
      language: 'ta',
      dataSaver: false,
    });

    // Another student's settings are their own.
    const other = await t.login('ROLE_STUDENT', 'kasun');
    expect((await t.call('GET', '/api/me', other.headers)).json()).toMatchObject({ language: null, dataSaver: false });
  });

  it('refuses bad values with a sentence naming them', async () => {
    const student = await t.login('ROLE_STUDENT', 'tharindu');
    expectMessageContaining(
      await t.call('PATCH', '/api/me', student.headers, { language: 'fr' }),
      400,
      "Language must be 'en', 'si' or 'ta'.",
    );
    expectMessageContaining(
      await t.call('PATCH', '/api/me', student.headers, { language: 'SI' }),
      400,
      "Language must be 'en', 'si' or 'ta'.",
    );
    expectMessageContaining(
      await t.call('PATCH', '/api/me', student.headers, { dataSaver: 'yes' }),
      400,
      'dataSaver must be true or false.',
    );
    expectMessageContaining(
      await t.call('PATCH', '/api/me', student.headers, {}),
      400,
      'Give a language or dataSaver to change.',
    );
    // Nothing was changed by the refusals.
    expect((await t.call('GET', '/api/me', student.headers)).json()).toMatchObject({
      language: null,
      dataSaver: false,
    });
  });

  it('is for students: staff are refused and their GET /me answers no settings of theirs', async () => {
    const tutor = await t.login('ROLE_ADMIN', 'tutor');
    expectMessage(
      await t.call('PATCH', '/api/me', tutor.headers, { language: 'si' }),
      403,
      'This is for students only.',
    );
    expect((await t.call('GET', '/api/me', tutor.headers)).json()).toMatchObject({ language: null, dataSaver: false });
    expect((await t.call('PATCH', '/api/me', undefined, { language: 'si' })).statusCode).toBe(401);
  });
});
