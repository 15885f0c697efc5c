import { beforeAll, describe, expect, it } from 'vitest';
import { watchTime } from '../db/schema.js';
import { examDto, postExam } from './exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from './harness.js';

/*
 * Every date a request carries goes through the contract's one parser: years 1900–2100, dates that
 * exist, and a 400 naming the field for anything else, never a 500 or a silently different date.
 * Colombo's offset has been +05:30 since 1906; in 1900 it was +05:19:32 (Colombo mean time).
 */
const t = useTestApp({ env: { TIME_ZONE: 'Asia/Colombo' } });
let tutor: Login;
let courseId: number;

const REAL_DAY = 'Enter a real date between 1900 and 2100.';
const REAL_DATE_TIME = 'Enter a real date and time between 1900 and 2100.';
const OFFSET = 'Enter a time-zone offset between -23:59 and +23:59, or Z.';

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'Dates', 'Edge dates')).id;
  const student = await t.login('ROLE_STUDENT', 'nimal.silva');
  await t.database.db.insert(watchTime).values([
    { studentId: student.id, videoName: 'Leap day', timestamp: new Date('2024-02-28T18:30:00Z'), watchedDuration: 60 },
    { studentId: student.id, videoName: 'Last day', timestamp: new Date('2100-12-31T18:29:59Z'), watchedDuration: 60 },
  ]);
});

const link = {
  name: 'Lecture',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  type: 'link',
  duration: 60,
  liveAt: '2026-11-23T10:00',
  recordingAt: '2026-11-20T10:00',
};
const postResource = (change: Record<string, unknown>) =>
  t.call('POST', '/api/resources', tutor.headers, { ...link, courseId, ...change });
const resourceNames = async () =>
  expectStatus<{ resources: { name: string }[] }>(await t.call('GET', `/api/courses/${courseId}`, tutor.headers), 200)
    .resources.length;
const watch = (query: string) => t.call('GET', `/api/api/watchtime/nimal.silva${query}`, tutor.headers);

describe('GET /api/watchtime/{username} from and to', () => {
  it.each([
    ['?from=0001-01-01', `from: ${REAL_DAY}`],
    ['?from=0000-01-01', `from: ${REAL_DAY}`],
    ['?from=0099-12-31', `from: ${REAL_DAY}`],
    ['?to=0001-01-01', `to: ${REAL_DAY}`],
    ['?to=0050-06-01', `to: ${REAL_DAY}`],
    ['?from=1899-12-31', `from: ${REAL_DAY}`],
    ['?to=2101-01-01', `to: ${REAL_DAY}`],
    ['?from=2026-02-29', `from: ${REAL_DAY}`],
    ['?from=2100-02-29', `from: ${REAL_DAY}`],
    ['?to=01-03-2026', 'to: Invalid date format. Please use YYYY-MM-DD.'],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    expectMessage(await watch(query), 400, message);
  });

  it('takes the first and last days of the range and a leap day, each whole in the platform zone', async () => {
    const all = expectStatus<{ total: number }>(await watch('?limit=5&from=1900-01-01&to=2100-12-31'), 200);
    expect(all.total).toBe(2);
    const leap = expectStatus<{ items: { videoName: string }[] }>(
      await watch('?limit=5&from=2024-02-29&to=2024-02-29'),
      200,
    );
    expect(leap.items.map((r) => r.videoName)).toEqual(['Leap day']);
    const last = expectStatus<{ items: { videoName: string }[] }>(await watch('?limit=5&from=2100-12-31'), 200);
    expect(last.items.map((r) => r.videoName)).toEqual(['Last day']);
  });
});

describe('POST /api/resources dates', () => {
  it.each([
    [{ liveAt: '0050-06-01T12:00' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '0050-06-01T12:00Z' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '0001-06-01T12:00Z' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '0100-01-01T00:00' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '2026-02-29T00:00' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '1899-12-31T23:59' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '2101-01-01T00:00Z' }, `Live At: ${REAL_DATE_TIME}`],
    [{ liveAt: '2026-01-01T00:00+9999' }, `Live At: ${OFFSET}`],
    [{ liveAt: '2026-01-01T00:00+24:00' }, `Live At: ${OFFSET}`],
    [{ recordingAt: '0001-01-01T00:00' }, `Recording At: ${REAL_DATE_TIME}`],
    [{ expiresAt: '2026-04-31T10:00' }, `Expires At: ${REAL_DATE_TIME}`],
    [{ liveAt: 'tomorrow' }, 'Live At: Invalid date format. Please use YYYY-MM-DDTHH:mm.'],
    [{ liveAt: '2026-01-01T24:00' }, 'Live At: Invalid date format. Please use YYYY-MM-DDTHH:mm.'],
  ])('refuses %o with 400 naming the field, and stores nothing', async (change, message) => {
    const before = await resourceNames();
    expectMessage(await postResource(change), 400, message);
    expect(await resourceNames()).toBe(before);
  });

  it('stores the edge dates and a leap day exactly', async () => {
    const expectStored = async (sent: Record<string, string>, stored: Record<string, string>) =>
      expect(expectStatus<Record<string, unknown>>(await postResource(sent), 201)).toMatchObject(stored);
    // Absolute times.
    await expectStored(
      { liveAt: '1900-01-01T00:00Z', recordingAt: '2024-02-29T12:00Z', expiresAt: '2100-12-31T23:59Z' },
      {
        liveAt: '1900-01-01T00:00:00.000Z',
        recordingAt: '2024-02-29T12:00:00.000Z',
        expiresAt: '2100-12-31T23:59:00.000Z',
      },
    );
    // Times with an offset.
    await expectStored(
      { liveAt: '2024-02-29T23:30+05:30', recordingAt: '2100-12-31T00:00-0400' },
      { liveAt: '2024-02-29T18:00:00.000Z', recordingAt: '2100-12-31T04:00:00.000Z' },
    );
    // Wall-clock times in the platform zone.
    await expectStored(
      { liveAt: '1900-01-01T00:00', recordingAt: '2024-02-29T10:00', expiresAt: '2100-12-31T23:59' },
      {
        liveAt: '1899-12-31T18:40:28.000Z',
        recordingAt: '2024-02-29T04:30:00.000Z',
        expiresAt: '2100-12-31T18:29:00.000Z',
      },
    );
  });
});

describe('POST /api/api/v1/exams dueDate', () => {
  it.each(['0001-01-01T00:00', '0050-06-01T12:00Z', '0100-01-01T00:00', '2026-02-29T00:00', '2101-01-01T00:00'])(
    'refuses %s with 400 naming the field',
    async (dueDate) => {
      expectMessage(
        await postExam(t, tutor.headers, examDto(courseId, { dueDate })),
        400,
        `dueDate: ${REAL_DATE_TIME}`,
      );
    },
  );

  it('refuses an offset that is none', async () => {
    const answer = await postExam(t, tutor.headers, examDto(courseId, { dueDate: '2026-01-01T00:00+9999' }));
    expectMessage(answer, 400, `dueDate: ${OFFSET}`);
  });

  it.each([
    ['1900-01-01T00:00', '1899-12-31T18:40:28.000Z'],
    ['2024-02-29T10:00', '2024-02-29T04:30:00.000Z'],
    ['2100-12-31T23:59', '2100-12-31T18:29:00.000Z'],
    ['2100-12-31T23:59:59Z', '2100-12-31T23:59:59.000Z'],
  ])('stores %s exactly', async (dueDate, stored) => {
    const answer = await postExam(t, tutor.headers, examDto(courseId, { dueDate }));
    expect(expectStatus<{ dueDate: string }>(answer, 201).dueDate).toBe(stored);
  });
});
