import { type AuthHeaders, expectStatus, type TestApp } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

/** A moment `offsetDays` from now (negative: in the past), as the API takes it. */
export const daysFromNow = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** A YouTube lecture added through the API, expecting 201; answers its id. */
export async function addLecture(
  t: TestApp,
  headers: AuthHeaders,
  lecture: { courseId: number; name: string; liveAt: string; expiresAt?: string | null; duration?: number },
): Promise<number> {
  const { liveAt, expiresAt = null, duration = 1800, ...rest } = lecture;
  const answer = await t.call('POST', '/api/resources', headers, {
    ...rest,
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    type: 'link',
    duration,
    liveAt,
    recordingAt: liveAt,
    expiresAt,
  });
  return expectStatus<{ id: number }>(answer, 201).id;
}
