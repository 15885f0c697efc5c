import type { Readable } from 'node:stream';
import { formatInTimeZone } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.js';
import { pdfDate, pdfTexts } from '../../lib/pdf-type/texts/index.js';
import { enrol } from '../../test/exams.js';
import { type AuthHeaders, expectStatus, type Login, useTestApp } from '../../test/harness.js';
import { checkPdf, pdftotext, REFERENCE_TOLERANCE, SCRIPTS_SAMPLE } from '../../test/pdf-render.js';
import { scriptPdf } from '../../test/scripts.js';

const t = useTestApp();
let staff: AuthHeaders;
let pupil: Login;
let other: Login;
let courseId: number;
let lectureId: number;
let original: Uint8Array;
const key = 'resources/licensed-test.pdf';
const { sinhalaName } = SCRIPTS_SAMPLE;

async function stored(objectKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await t.storage.get(objectKey)).stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function linkFor(login: Login, course = courseId): Promise<string> {
  const lectures = expectStatus<{ id: number; url: string }[]>(
    await t.call('GET', `/api/me/courses/${course}/resources`, login.headers),
    200,
  );
  return lectures.find((lecture) => lecture.id === lectureId)?.url as string;
}

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  pupil = await t.login('ROLE_STUDENT', 'kasun');
  other = await t.login('ROLE_STUDENT', 'nila');
  await t.database.db.update(accounts).set({ name: sinhalaName }).where(eq(accounts.id, pupil.id));
  courseId = (await t.createCourse(staff, 'Acids: \\ce{H2SO4}')).id;
  await enrol(t, staff, courseId, pupil.id);
  original = await scriptPdf(2, 595, 842);
  lectureId = (
    await t.storeResource(courseId, {
      key,
      name: 'Acids notes.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(original),
    })
  ).id;
});

describe('a lecture PDF served to a student', () => {
  it("carries 'Licensed to {name} · {date}' on every page, the original unchanged in storage", async () => {
    const link = await linkFor(pupil);
    expect(link).toMatch(new RegExp(`^/api/me/lectures/${lectureId}/licensed\\.pdf\\?s=${pupil.id}&e=\\d+&sig=`));
    const answer = await t.call('GET', link);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = answer.rawPayload;
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    const date = new Date().toISOString().slice(0, 4);
    // The stamp at the foot of page 1 at 100 dpi, up to the name (the date changes every day; its
    // digits are as wide on any day, so the line's place does not).
    const region = { name: 'licence-stamp', dpi: 100, x: 200, y: 1130, width: 330, height: 24 };
    const { text, differing } = await checkPdf(pdf, [`Licensed to ${sinhalaName} · ${date}`, 'Answer page 1'], region);
    expect(text.split(`Licensed to ${sinhalaName}`)).toHaveLength(3);
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
    expect(Buffer.compare(await stored(key), Buffer.from(original))).toBe(0);
  });

  it("is stamped in the student's language, the date with its month name", async () => {
    expect((await t.call('PATCH', '/api/me', pupil.headers, { language: 'ta' })).statusCode).toBe(200);
    const answer = await t.call('GET', await linkFor(pupil));
    expect(answer.statusCode).toBe(200);
    const text = (await pdftotext(answer.rawPayload)).replace(/\s+/g, ' ');
    const texts = pdfTexts('ta');
    const today = formatInTimeZone(new Date().toISOString(), t.app.config.timeZone).slice(0, 10);
    expect(text).toContain(`உரிமம் பெற்றவர்: ${sinhalaName} · ${pdfDate(today, texts)}`);
    expect(pdfDate(today, texts)).toMatch(/^\d{1,2} \S+ \d{4}$/);
    expect(text).not.toContain('Licensed to');
    expect((await t.call('PATCH', '/api/me', pupil.headers, { language: 'en' })).statusCode).toBe(200);
  });

  it('refuses a tampered link, a link of another lecture, and a student no longer enrolled', async () => {
    const link = await linkFor(pupil);
    expect((await t.call('GET', link.replace(/sig=./, 'sig=x'))).statusCode).toBe(403);
    expect((await t.call('GET', link.replace(`s=${pupil.id}`, `s=${other.id}`))).statusCode).toBe(403);
    expect(
      (await t.call('GET', link.replace(`/lectures/${lectureId}/`, `/lectures/${lectureId + 1}/`))).statusCode,
    ).toBe(403);
    expect((await t.call('GET', link.split('?')[0] as string)).statusCode).toBe(400);
    const enrolment = (await t.call('GET', `/api/enrollments/student/${pupil.id}`, staff))
      .json()
      .find((e: { courseId: number }) => e.courseId === courseId);
    await t.call('PUT', `/api/enrollments/${enrolment.id}`, staff, { status: 'DISABLED' });
    expect((await t.call('GET', link)).statusCode).toBe(403);
    await t.call('PUT', `/api/enrollments/${enrolment.id}`, staff, { status: 'ACTIVE' });
  });
});
