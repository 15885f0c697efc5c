import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from '@valence/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { clearSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import LecturePage, { NOT_AVAILABLE } from './lecture-page';

const START = new Date('2026-11-25T10:00:00Z').getTime();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const video: Resource = {
  id: 7,
  name: 'Organic chemistry 1',
  url: 'https://files.example/lecture-7.mp4?signature=abc',
  type: 'video/mp4',
  courseId: 3,
  duration: 3600,
  liveAt: '2026-11-20T04:30:00Z',
  recordingAt: '2026-11-19T04:30:00Z',
  expiresAt: '2026-12-20T12:30:00Z',
};

type Routes = Parameters<typeof fakeFetch>[0];

function open(routes: Routes = {}, lectures: Resource[] = [video], path = '/courses/3/lectures/7') {
  const fake = fakeFetch({
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /me/courses/3/resources': { body: lectures },
    'GET /me/lectures/7/resume': { body: { position: null } },
    'POST /me/lectures/7/heartbeat': { body: { watchedDuration: 1 } },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fn);
  const view = renderLearn(<LecturePage />, { path, route: '/courses/:courseId/lectures/:lectureId' });
  return { fake, view, beats: () => fake.calls.filter((call) => call.method === 'POST') };
}

/**
 * The page's <video>, with a currentTime the test moves (jsdom cannot play): `play(from, to)` plays
 * it as a browser would, a timeupdate every 250 ms of (mocked) wall-clock time.
 */
async function theVideo() {
  await screen.findByRole('heading', { name: video.name });
  const element = document.querySelector('video');
  if (!element) throw new Error('no <video> on the page');
  let time = 0;
  let now = START;
  vi.setSystemTime(now);
  Object.defineProperty(element, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  const fire = (name: string) => element.dispatchEvent(new Event(name));
  return {
    element,
    fire,
    play(from: number, to: number) {
      time = from;
      fire('play');
      while (time < to) {
        time = Math.min(to, time + 0.25);
        now += 250;
        vi.setSystemTime(now);
        fire('timeupdate');
      }
    },
    wait(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
  };
}

describe('the lecture screen', () => {
  beforeEach(() => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
  });
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('shows the lecture with its length and until when it is available', async () => {
    open();
    expect(await screen.findByRole('heading', { name: video.name })).toBeInTheDocument();
    expect(screen.getByText('Length 1:00:00')).toBeInTheDocument();
    // In the platform's zone (Colombo, UTC+5:30) once the app knows it.
    expect(await screen.findByText(/Available until .*20 Dec 2026, 18:00/)).toBeInTheDocument();
    const player = document.querySelector('video');
    expect(player).toHaveAttribute('src', video.url);
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(screen.getByRole('link', { name: '← Back to the course' })).toHaveAttribute('href', '/courses/3');
  });

  it('sends the seconds played, and where playback stands, when the student pauses', async () => {
    const { beats } = open();
    const player = await theVideo();
    player.play(0, 8);
    player.fire('pause');
    await waitFor(() => expect(beats()).toHaveLength(1));
    const first = beats()[0];
    expect(first?.path).toBe('/me/lectures/7/heartbeat');
    expect(first?.body).toEqual({ viewingKey: expect.stringMatching(UUID), segments: [[0, 8]], position: 8 });
    const viewingKey = (first?.body as { viewingKey?: string } | undefined)?.viewingKey;

    // A minute paused is not counted; nor is the part skipped by a seek.
    player.wait(60_000);
    player.fire('seeking');
    player.play(600, 603);
    player.fire('pause');
    await waitFor(() => expect(beats()).toHaveLength(2));
    expect(beats()[1]?.body).toEqual({
      viewingKey,
      segments: [[600, 603]],
      position: 603,
    });
  });

  it('sends again what an offline beat could not, and drops what the server refused', async () => {
    let answer = 0;
    const { beats } = open({
      'POST /me/lectures/7/heartbeat': () => {
        answer += 1;
        if (answer === 1) throw new TypeError('Failed to fetch');
        if (answer === 2) return { body: { watchedDuration: 6 } };
        if (answer === 3) return { status: 400, body: { message: 'This heartbeat is not counted.' } };
        return { body: { watchedDuration: 8 } };
      },
    });
    const player = await theVideo();
    player.play(0, 4);
    player.fire('pause');
    await waitFor(() => expect(answer).toBe(1));
    player.play(4, 6);
    player.fire('pause');
    await waitFor(() => expect(beats()).toHaveLength(2));
    // The offline beat's seconds went with the next one, and only once.
    expect(beats()[1]?.body).toMatchObject({
      segments: [
        [0, 4],
        [4, 6],
      ],
    });
    player.play(6, 7);
    player.fire('pause');
    await waitFor(() => expect(beats()).toHaveLength(3));
    player.play(7, 8);
    player.fire('pause');
    await waitFor(() => expect(beats()).toHaveLength(4));
    expect(beats()[3]?.body).toMatchObject({ segments: [[7, 8]], position: 8 });
    // Nothing about beats is shown to the student.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to resume where the last viewing stopped, and plays from there', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    open({ 'GET /me/lectures/7/resume': { body: { position: 760 } } });
    const player = await theVideo();
    await userEvent.click(await screen.findByRole('button', { name: 'Resume from 12:40' }));
    expect(player.element.currentTime).toBe(760);
    expect(play).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Resume from/ })).toBeNull();
  });

  it('starts from the start when the last viewing stopped in the first or last seconds', async () => {
    const { fake } = open({ 'GET /me/lectures/7/resume': { body: { position: 3597 } } });
    await theVideo();
    await waitFor(() => expect(fake.calls.map((call) => call.path)).toContain('/me/lectures/7/resume'));
    // Give the answer a moment to render, had it offered anything.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Resume from/ })).toBeNull();
  });

  it('hands the beat to a beacon, with the session token inside, when the page is hidden', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const { view, beats } = open();
    const player = await theVideo();
    player.play(0, 5);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] ?? ['', new Blob()];
    expect(url).toBe('/api/me/lectures/7/heartbeat');
    // Plain text: a beacon of JSON would need a CORS preflight it cannot make (Blob lower-cases the type).
    expect(blob.type.toLowerCase()).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await blob.text())).toEqual({
      viewingKey: expect.stringMatching(UUID),
      segments: [[0, 5]],
      position: 5,
      token: 'student-token',
    });

    // Leaving the screen sends what was played since, once; nothing went by fetch.
    player.play(5, 7);
    view.unmount();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [, second = new Blob()] = sendBeacon.mock.calls[1] ?? [];
    expect(JSON.parse(await second.text())).toMatchObject({ segments: [[5, 7]] });
    expect(beats()).toHaveLength(0);
  });

  it('says plainly when the lecture is not in the course’s live list', async () => {
    open({}, [{ ...video, id: 8 }]);
    expect(await screen.findByText(NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/courses/3');
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows an image fit to the width, and offers other files to download', async () => {
    const image = { ...video, type: 'image/png', url: 'https://files.example/slide.png', duration: 0 };
    open({}, [image]);
    expect(await screen.findByRole('img', { name: video.name })).toHaveAttribute('src', image.url);
    expect(screen.queryByText(/Length/)).toBeNull();
  });
});
