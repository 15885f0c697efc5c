import { screen, within } from '@testing-library/react';
import type { Resource } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import { watchedShare } from '../model/watched';
import CoursePage from './course-page';

const lecture = (id: number, name: string, extra: Partial<Resource>): Resource => ({
  id,
  name,
  url: `/api/files/resources/${id}.mp4`,
  type: 'video/mp4',
  courseId: 1,
  duration: 1000,
  liveAt: '2026-11-01T04:30:00.000Z',
  recordingAt: '2026-11-01T04:30:00.000Z',
  expiresAt: null,
  ...extra,
});

function setup(lectures: Resource[]) {
  writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /me/courses': {
        body: [
          { id: 1, title: 'Organic chemistry', description: '', createdAt: '2026-01-01T00:00:00.000Z', paused: false },
        ],
      },
      'GET /me/courses/1/resources': { body: lectures },
      'GET /me/courses/1/upcoming': { body: [] },
    }).fn,
  );
  renderLearn(<CoursePage />, { path: '/courses/1', route: '/courses/:courseId' });
}

const card = async (name: string) => {
  const title = await screen.findByText(name);
  const link = title.closest('a');
  if (!link) throw new Error(`no card for ${name}`);
  return within(link);
};

describe('the course list shows how much of each lecture the student has watched', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('marks a lecture Watched from 90 %, and gives the percentage below it', async () => {
    setup([
      lecture(1, 'Alkanes', { watchedSeconds: 900 }),
      lecture(2, 'Alkenes', { watchedSeconds: 899 }),
      lecture(3, 'Alkynes', { watchedSeconds: 0 }),
      lecture(4, 'Notes', { type: 'application/pdf', duration: 0, watchedSeconds: 0 }),
    ]);
    expect((await card('Alkanes')).getByText('Watched')).toBeInTheDocument();
    const alkenes = await card('Alkenes');
    // 89.9 % reads 89 %, never "90 %" beside no mark.
    expect(alkenes.getByText('89% watched')).toBeInTheDocument();
    expect(alkenes.queryByText('Watched')).not.toBeInTheDocument();
    expect((await card('Alkynes')).getByText('0% watched')).toBeInTheDocument();
    // A PDF is read, not watched: no figure.
    expect((await card('Notes')).queryByText(/watched/i)).not.toBeInTheDocument();
  });

  it('asks again when the student comes back from a lecture, so what was just played counts', async () => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
    let played = 100;
    const fake = fakeFetch({
      'GET /me/courses': { body: [] },
      'GET /me/courses/1/resources': () => ({ body: [lecture(1, 'Alkanes', { watchedSeconds: played })] }),
      'GET /me/courses/1/upcoming': { body: [] },
    });
    vi.stubGlobal('fetch', fake.fn);
    const { router } = renderLearn(<CoursePage />, {
      path: '/courses/1',
      route: '/courses/:courseId',
      others: [{ path: '/courses/:courseId/lectures/:lectureId', element: <p>the lecture</p> }],
    });
    expect(await screen.findByText('10% watched')).toBeInTheDocument();
    await router.navigate('/courses/1/lectures/1');
    await screen.findByText('the lecture');
    played = 950;
    await router.navigate('/courses/1');
    expect(await screen.findByText('Watched')).toBeInTheDocument();
  });

  it('reads the share as the server gives it', () => {
    expect(watchedShare(900, 1000)).toEqual({ percent: 90, watched: true });
    expect(watchedShare(1200, 1000)).toEqual({ percent: 100, watched: true });
    expect(watchedShare(435, 1000)).toEqual({ percent: 43, watched: false });
    expect(watchedShare(undefined, 1000)).toBeNull();
    expect(watchedShare(10, 0)).toBeNull();
  });
});
