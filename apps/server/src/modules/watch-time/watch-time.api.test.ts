import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, resources, watchTime } from '../../db/schema.js';
import { type AuthHeaders, expectMessage, expectMessageContaining, useTestApp } from '../../test/harness.js';

const t = useTestApp({ env: { TIME_ZONE: 'Asia/Colombo' } });
let staff: AuthHeaders;
let boss: AuthHeaders;
let studentId: number;
const ids: Record<string, number> = {};

// Colombo is UTC+5:30: 2026-03-01 00:10 in Colombo is 2026-02-28 18:40 UTC.
const records = [
  { key: 'early', videoName: 'Organic – Alkanes', timestamp: '2026-02-28T18:40:00Z', watchedDuration: 600 },
  { key: 'mid', videoName: 'Organic – Alkenes', timestamp: '2026-03-01T10:00:00Z', watchedDuration: 1200.5 },
  { key: 'late', videoName: 'Physical – Kinetics', timestamp: '2026-03-01T18:29:59Z', watchedDuration: 30 },
  { key: 'next', videoName: 'Physical – Equilibria', timestamp: '2026-03-01T18:30:00Z', watchedDuration: 90 },
];

beforeAll(async () => {
  staff = (await t.login('ROLE_ADMIN', 'tutor')).headers;
  boss = (await t.login('ROLE_SUPERADMIN', 'boss')).headers;
  const student = await t.login('ROLE_STUDENT', 'kasun.perera');
  studentId = student.id;
  for (const record of records) {
    const [row] = await t.database.db
      .insert(watchTime)
      .values({
        studentId,
        videoName: record.videoName,
        timestamp: new Date(record.timestamp),
        watchedDuration: record.watchedDuration,
      })
      .returning({ id: watchTime.id });
    ids[record.key] = row?.id as number;
  }
});

const get = (url: string, headers = staff) => t.call('GET', `/api/api${url}`, headers);
const names = (body: { items: { videoName: string }[] }) => body.items.map((r) => r.videoName);

describe('GET /watchtime/{username}', () => {
  it('answers every record newest first without paging', async () => {
    const answer = await get('/watchtime/kasun.perera');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((r: { id: number }) => r.id)).toEqual([ids.next, ids.late, ids.mid, ids.early]);
    expect(answer.json()[2]).toEqual({
      id: ids.mid,
      videoName: 'Organic – Alkenes',
      timestamp: '2026-03-01T10:00:00.000Z',
      watchedDuration: 1200.5,
      // Written without its lecture: no course to name.
      courseTitle: null,
    });
  });

  it("names each lecture's course, in the page's own statement", async () => {
    const course = await t.createCourse(staff, 'Watched Course');
    const [lecture] = await t.database.db
      .insert(resources)
      .values({
        courseId: course.id,
        name: 'Organic – Alkynes',
        type: 'YOUTUBE',
        url: 'https://www.youtube.com/watch?v=abc',
        liveAt: new Date('2026-03-03T00:00:00Z'),
        recordingAt: new Date('2026-03-03T00:00:00Z'),
      })
      .returning({ id: resources.id });
    const [row] = await t.database.db
      .insert(watchTime)
      .values({
        studentId,
        resourceId: lecture?.id as number,
        videoName: 'Organic – Alkynes',
        timestamp: new Date('2026-03-03T10:00:00Z'),
        watchedDuration: 60,
      })
      .returning({ id: watchTime.id });
    try {
      const page = (await get('/watchtime/kasun.perera?limit=2&q=alkynes')).json();
      expect(page.items).toEqual([expect.objectContaining({ id: row?.id, courseTitle: 'Watched Course' })]);
      const others = (await get('/watchtime/kasun.perera?limit=5&to=2026-03-02')).json();
      expect(others.items.map((r: { courseTitle: string | null }) => r.courseTitle)).toEqual([null, null, null, null]);
    } finally {
      await t.database.db.delete(watchTime).where(eq(watchTime.id, row?.id as number));
    }
  });

  it('takes a day range in the platform time zone, both ends inclusive', async () => {
    const day = (await get('/watchtime/kasun.perera?limit=5&from=2026-03-01&to=2026-03-01')).json();
    expect(day.total).toBe(3);
    expect(names(day)).toEqual(['Physical – Kinetics', 'Organic – Alkenes', 'Organic – Alkanes']);
    const after = (await get('/watchtime/kasun.perera?limit=5&from=2026-03-02')).json();
    expect(names(after)).toEqual(['Physical – Equilibria']);
    const before = (await get('/watchtime/kasun.perera?limit=5&to=2026-02-28')).json();
    expect(before).toMatchObject({ total: 0, items: [] });
    const upTo = (await get('/watchtime/kasun.perera?limit=5&to=2026-03-01')).json();
    expect(names(upTo)).toEqual(names(day));
  });

  it('filters by video name, sorts, and pages with the total', async () => {
    const organic = (await get('/watchtime/kasun.perera?limit=5&q=ORGANIC&sort=-watchedDuration')).json();
    expect(names(organic)).toEqual(['Organic – Alkenes', 'Organic – Alkanes']);
    // Past the end, a count of its own: the same search and dates.
    const pastEnd = (await get('/watchtime/kasun.perera?limit=5&offset=40&q=ORGANIC&to=2026-03-01')).json();
    expect(pastEnd).toMatchObject({ items: [], total: 2 });
    const page = (await get('/watchtime/kasun.perera?limit=2&offset=2&sort=videoName')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(names(page)).toEqual(['Physical – Equilibria', 'Physical – Kinetics']);
    // Two letters (no trigram) are searched another way; the username in any case.
    const short = (await get('/watchtime/KASUN.Perera?limit=5&q=Ki&sort=videoName')).json();
    expect(short).toMatchObject({ total: 1 });
    expect(names(short)).toEqual(['Physical – Kinetics']);
  });

  it.each([
    ['?from=2026-02-30', 'from: Enter a real date between 1900 and 2100.'],
    ['?to=01-03-2026', 'to: Invalid date format. Please use YYYY-MM-DD.'],
    ['?from=2026-03-02&to=2026-03-01', 'from must not be after to.'],
    ['?sort=student', 'sort must be one of'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    expectMessageContaining(await get(`/watchtime/kasun.perera${query}`), 400, message);
  });

  it('answers 404 for someone who is not a student, and is for staff only', async () => {
    expect((await get('/watchtime/tutor')).statusCode).toBe(404);
    expectMessage(await get('/watchtime/nobody'), 404, 'Student not found.');
    const pupil = await t.login('ROLE_STUDENT', 'pupil');
    expect((await get('/watchtime/kasun.perera', pupil.headers)).statusCode).toBe(403);
  });
});

describe('GET /watchtime/total/{username}', () => {
  it('answers the seconds watched in all', async () => {
    const answer = await get('/watchtime/total/kasun.perera');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBe(600 + 1200.5 + 30 + 90);
    expect((await get('/watchtime/total/pupil')).json()).toBe(0);
    // Any case of the username is the same student; staff and unknown names are no student.
    expect((await get('/watchtime/total/KASUN.Perera')).json()).toBe(600 + 1200.5 + 30 + 90);
    expectMessage(await get('/watchtime/total/tutor'), 404, 'Student not found.');
    expectMessage(await get('/watchtime/total/nobody'), 404, 'Student not found.');
  });
});

describe('DELETE /watchtime/{id}', () => {
  it('lets only a superadmin delete a record, and audits it', async () => {
    const remove = (who: AuthHeaders) => t.call('DELETE', `/api/api/watchtime/${ids.late}`, who);
    expect((await remove(staff)).statusCode).toBe(403);
    expect((await remove(boss)).statusCode).toBe(204);
    expectMessage(await remove(boss), 404, 'Watch time record not found.');
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'watchtime.delete'));
    expect(audited).toHaveLength(1);
    expect((await get('/watchtime/total/kasun.perera')).json()).toBe(600 + 1200.5 + 90);
  });
});
