import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { SAMPLE, sendForm } from '../../test/multipart.js';

const INSTITUTE = '/api/settings/institute';

describe('institute settings', () => {
  const t = useTestApp();
  let owner: Login;
  let tutor: Login;
  let student: Login;

  it('starts empty, is changed by a superadmin and read back by any staff', async () => {
    [owner, tutor, student] = await Promise.all([
      t.login('ROLE_SUPERADMIN'),
      t.login('ROLE_ADMIN'),
      t.login('ROLE_STUDENT'),
    ]);
    const empty = expectStatus<Record<string, unknown>>(await t.call('GET', INSTITUTE, tutor.headers), 200);
    expect(empty).toMatchObject({ name: '', address: '', contact: '', logoUrl: null, logoType: null });

    const body = { name: '  Valence Institute ', address: '12 Galle Road\nColombo 3', contact: '011 234 5678' };
    const saved = expectStatus<Record<string, unknown>>(await t.call('PUT', INSTITUTE, owner.headers, body), 200);
    expect(saved).toMatchObject({ name: 'Valence Institute', address: '12 Galle Road\nColombo 3' });
    expect(expectStatus(await t.call('GET', INSTITUTE, tutor.headers), 200)).toMatchObject({
      name: 'Valence Institute',
      contact: '011 234 5678',
    });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.institute'));
    expect(rows).toHaveLength(1);
  });

  it('refuses text over its limits with a message naming the field', async () => {
    expectMessage(
      await t.call('PUT', INSTITUTE, owner.headers, { name: 'x'.repeat(121), address: '', contact: '' }),
      400,
      /institute name must be at most 120 characters/,
    );
    expectMessage(
      await t.call('PUT', INSTITUTE, owner.headers, { name: 'A', address: '', contact: 'y'.repeat(201) }),
      400,
      /contact details must be at most 200 characters/,
    );
  });

  it('takes a PNG or JPG logo by its content, serves it by a signed link, and removes it', async () => {
    const LOGO = `${INSTITUTE}/logo`;
    expectMessage(
      await sendForm(t, 'PUT', LOGO, owner.headers, {
        logo: { bytes: SAMPLE.gif, name: 'logo.png', type: 'image/png' },
      }),
      400,
      'The logo must be a PNG or JPG file.',
    );
    const tooBig = Buffer.concat([SAMPLE.png, Buffer.alloc(1024 * 1024)]);
    expect(
      (await sendForm(t, 'PUT', LOGO, owner.headers, { logo: { bytes: tooBig, name: 'big.png' } })).statusCode,
    ).toBe(413);
    expectMessage(await t.call('PUT', LOGO, owner.headers, {}), 400, 'Send this as multipart/form-data.');

    const saved = expectStatus<{ logoUrl: string; logoType: string }>(
      await sendForm(t, 'PUT', LOGO, owner.headers, { logo: { bytes: SAMPLE.jpg, name: 'crest' } }),
      200,
    );
    expect(saved.logoType).toBe('jpeg');
    const file = await t.app.inject({ method: 'GET', url: saved.logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(SAMPLE.jpg)).toBe(true);

    // A replaced logo's file goes.
    const replaced = expectStatus<{ logoType: string }>(
      await sendForm(t, 'PUT', LOGO, owner.headers, { logo: { bytes: SAMPLE.png, name: 'crest.png' } }),
      200,
    );
    expect(replaced.logoType).toBe('png');
    expect((await t.app.inject({ method: 'GET', url: saved.logoUrl })).statusCode).toBe(404);

    expect((await t.call('DELETE', LOGO, owner.headers)).statusCode).toBe(204);
    expect(expectStatus(await t.call('GET', INSTITUTE, tutor.headers), 200)).toMatchObject({ logoUrl: null });
    expectMessage(await t.call('DELETE', LOGO, owner.headers), 404, 'No logo is set.');
  });

  it('lets only a superadmin change them, and any signed-in account read them', async () => {
    const body = { name: 'Mine', address: '', contact: '' };
    expect((await t.call('PUT', INSTITUTE, tutor.headers, body)).statusCode).toBe(403);
    expect(
      (await sendForm(t, 'PUT', `${INSTITUTE}/logo`, tutor.headers, { logo: { bytes: SAMPLE.png } })).statusCode,
    ).toBe(403);
    // A student reads them (their app's PDF is headed with them) but changes nothing.
    expect((await t.call('GET', INSTITUTE, student.headers)).statusCode).toBe(200);
    expect((await t.call('PUT', INSTITUTE, student.headers, body)).statusCode).toBe(403);
    expect((await t.call('DELETE', `${INSTITUTE}/logo`, student.headers)).statusCode).toBe(403);
    expect((await t.call('GET', INSTITUTE)).statusCode).toBe(401);
    expect(expectStatus(await t.call('GET', INSTITUTE, owner.headers), 200)).toMatchObject({
      name: 'Valence Institute',
    });
  });
});

describe('contact details', () => {
  const t = useTestApp();
  const CONTACT = '/api/settings/contact';
  const EMPTY = { name: '', address: '', phone: '', email: '', instagram: '', facebook: '' };

  it('answers only what the superadmin set, to anyone, signed in or not', async () => {
    const [owner, student] = await Promise.all([t.login('ROLE_SUPERADMIN'), t.login('ROLE_STUDENT')]);
    expect(expectStatus(await t.call('GET', CONTACT), 200)).toEqual(EMPTY);

    const body = {
      name: 'Valence Institute',
      address: '12 Galle Road, Colombo 3',
      contact: '011 234 5678',
      phone: ' +94 71 555 0101 ',
      email: 'office@valence.lk',
      instagram: '@valence.chem',
    };
    const saved = expectStatus<Record<string, unknown>>(await t.call('PUT', INSTITUTE, owner.headers, body), 200);
    expect(saved).toMatchObject({ phone: '+94 71 555 0101', instagram: 'valence.chem', facebook: '' });
    expect(expectStatus(await t.call('GET', CONTACT), 200)).toEqual({
      name: 'Valence Institute',
      address: '12 Galle Road, Colombo 3',
      phone: '+94 71 555 0101',
      email: 'office@valence.lk',
      instagram: 'valence.chem',
      facebook: '',
    });
    expect(expectStatus(await t.call('GET', CONTACT, student.headers), 200)).toMatchObject({
      phone: '+94 71 555 0101',
    });

    // A caller that sends only the PDF heading's fields leaves the contact page's as they are.
    expectStatus(await t.call('PUT', INSTITUTE, owner.headers, { name: 'Valence', address: '', contact: '' }), 200);
    expect(expectStatus(await t.call('GET', CONTACT), 200)).toMatchObject({
      name: 'Valence',
      email: 'office@valence.lk',
    });
    // Cleared, a detail is no longer shown.
    expectStatus(
      await t.call('PUT', INSTITUTE, owner.headers, {
        name: '',
        address: '',
        contact: '',
        phone: '',
        email: '',
        instagram: '',
      }),
      200,
    );
    expect(expectStatus(await t.call('GET', CONTACT), 200)).toEqual(EMPTY);
  });

  it('refuses a phone, e-mail or account that is not one, with a message naming it', async () => {
    const owner = await t.login('ROLE_SUPERADMIN');
    const put = (extra: Record<string, string>) =>
      t.call('PUT', INSTITUTE, owner.headers, { name: '', address: '', contact: '', ...extra });
    expectMessage(await put({ phone: 'call us' }), 400, /phone number must be digits/);
    expectMessage(await put({ phone: '9'.repeat(31) }), 400, /phone number must be at most 30 characters/);
    expectMessage(await put({ email: 'office at valence' }), 400, /e-mail address must look like name@example.com/);
    expectMessage(
      await put({ instagram: 'https://instagram.com/x' }),
      400,
      /Instagram account must be the account's name/,
    );
    expectMessage(await put({ facebook: 'a b' }), 400, /Facebook account must be the account's name/);
    expectMessage(await put({ phone: 42 } as never), 400, /phone number must be text/);
    expect(expectStatus(await t.call('GET', CONTACT), 200)).toEqual(EMPTY);
  });
});
