import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from '@valence/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { clearSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import { startHls } from '../model/hls-source';
import LecturePage from './lecture-page';

// jsdom has no Media Source: hls.js itself is stood in for; what the page asks of it is checked.
vi.mock('../model/hls-source', async (original) => ({
  ...(await original<typeof import('../model/hls-source')>()),
  startHls: vi.fn(),
}));

const streamed: Resource = {
  id: 7,
  name: 'Organic chemistry 1',
  url: 'https://files.example/lecture-7.mp4?signature=abc',
  type: 'video/mp4',
  courseId: 3,
  duration: 600,
  liveAt: '2026-11-20T04:30:00Z',
  recordingAt: '2026-11-19T04:30:00Z',
  expiresAt: null,
  hlsUrl: '/api/streams/7/master.m3u8?s=5&e=2000000000&sig=abc',
  posterUrl: '/api/streams/7/poster.jpg?s=5&e=2000000000&sig=abc',
  watermark: 'kavindi · Kavindi Perera',
};

const handle = { setQuality: vi.fn(), retry: vi.fn(), destroy: vi.fn() };

function open(dataSaver: boolean) {
  const fake = fakeFetch({
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /me': { body: { id: 5, username: 'kavindi', roles: ['ROLE_STUDENT'], language: 'en', dataSaver } },
    'GET /me/courses/3/resources': { body: [streamed] },
    'GET /me/lectures/7/resume': { body: { position: null } },
  });
  vi.stubGlobal('fetch', fake.fn);
  renderLearn(<LecturePage />, { path: '/courses/3/lectures/7', route: '/courses/:courseId/lectures/:lectureId' });
}

beforeEach(() => {
  writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
  vi.mocked(startHls).mockImplementation(async (_video, _src, options) => {
    options.onHeights(options.maxHeight ? [360] : [360, 540, 720]);
    return handle;
  });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a lecture with streaming versions', () => {
  it('plays its signed HLS address from the lowest quality, with a quality menu, speeds and the watermark', async () => {
    open(false);
    await waitFor(() => expect(startHls).toHaveBeenCalled());
    const [video, src, options] = vi.mocked(startHls).mock.calls[0] ?? [];
    expect(video).toBe(document.querySelector('video'));
    expect(src).toBe(streamed.hlsUrl);
    expect(options?.maxHeight).toBeNull();
    expect(options?.query()).toBe('s=5&e=2000000000&sig=abc');
    expect(document.querySelector('video')?.getAttribute('src')).toBeNull();
    expect(document.querySelector('video')).toHaveAttribute('poster', streamed.posterUrl);

    const quality = await screen.findByLabelText('Quality');
    expect([...(quality as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Auto', '360p', '540p', '720p']);
    await userEvent.selectOptions(quality, '360');
    expect(handle.setQuality).toHaveBeenCalledWith(360);

    const speed = screen.getByLabelText('Speed') as HTMLSelectElement;
    expect([...speed.options].map((o) => o.text)).toEqual(['0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×']);
    await userEvent.selectOptions(speed, '2');
    expect(document.querySelector('video')?.playbackRate).toBe(2);

    expect(screen.getByTestId('watermark')).toHaveTextContent('kavindi · Kavindi Perera');
  });

  it('caps the quality at 360p with Data saver on', async () => {
    open(true);
    await waitFor(() => expect(startHls).toHaveBeenCalled());
    expect(vi.mocked(startHls).mock.calls[0]?.[2].maxHeight).toBe(360);
    const quality = await screen.findByLabelText('Quality');
    expect([...(quality as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Auto', '360p']);
    expect(screen.getByText('Data saver: 360p at most')).toBeInTheDocument();
  });
});
