import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { writeSession } from '../../../lib/session';
import { showStatus, useStatus } from '../../../lib/status-store';
import { fakeFetch } from '../../../test/render';
import { tusStandIn as tus } from '../../../test/tus-stand-in';
import { useAddResource } from './add-resource';
import { EMPTY_RESOURCE, type ResourceFormValues } from './resource-rules';
import { readVideoDuration } from './video-duration';

vi.mock('tus-js-client', () => import('../../../test/tus-stand-in'));

// jsdom plays no video: the probe's answer is set per test.
vi.mock('./video-duration', () => ({ readVideoDuration: vi.fn() }));

const dates = { liveAt: '2025-03-01T10:00', recordingAt: '2025-03-01T12:00' };
const youtube = 'https://youtu.be/abc123';
const created = ({ body }: { body: unknown }) => ({
  status: 201,
  body: { id: 9, expiresAt: null, ...(body as object) },
});

function setup(routes: Parameters<typeof fakeFetch>[0]) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => ({ ...useAddResource(4), status: useStatus() }), { wrapper });
  const add = async (values: Partial<ResourceFormValues>) => {
    let added = false;
    await act(async () => {
      added = await result.current.add({ ...EMPTY_RESOURCE, ...dates, ...values });
    });
    return added;
  };
  return { fetch, result, add };
}

beforeEach(() => {
  tus.refusal = null;
  tus.started = [];
  vi.mocked(readVideoDuration).mockReset();
});
afterEach(() => {
  showStatus(null);
});

describe('useAddResource', () => {
  it('creates a link with its h/m/s length, the link as its name, and says so', async () => {
    const { fetch, result, add } = setup({ 'POST /resources': created });
    expect(await add({ link: ` ${youtube} `, hours: 1, minutes: 2, seconds: 3, expiresAt: '' })).toBe(true);
    expect(fetch.calls).toEqual([
      {
        method: 'POST',
        path: '/resources',
        body: { name: youtube, url: youtube, type: 'link', courseId: 4, duration: 3723, ...dates, expiresAt: null },
      },
    ]);
    expect(tus.started).toEqual([]);
    expect(result.current.status).toEqual({ kind: 'success', text: 'YouTube link added successfully' });
    expect(result.current.busy).toBe(false);
  });

  it("reports the server's refusal of a link in the screen's fixed words", async () => {
    const { result, add } = setup({
      'POST /resources': { status: 400, body: { message: 'Expires At must be after Live At.' } },
    });
    expect(await add({ link: youtube, name: 'Lecture 1', seconds: 30, expiresAt: '2025-03-01T09:00' })).toBe(false);
    expect(result.current.status).toEqual({
      kind: 'error',
      text: 'Error adding YouTube link: Expires At must be after Live At.',
    });
  });

  it('probes a video, uploads it, then creates it under its storage key with that duration', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(125);
    const { fetch, result, add } = setup({ 'POST /resources': created });
    const video = new File(['frames'], 'kinetics.mp4', { type: 'video/mp4' });
    expect(await add({ file: video, name: '  Kinetics, part 1 ' })).toBe(true);
    expect(readVideoDuration).toHaveBeenCalledWith(video);
    expect(tus.started).toEqual(['kinetics.mp4']);
    expect(fetch.calls[0]?.body).toEqual({
      name: 'Kinetics, part 1',
      url: 'resources/1-kinetics.mp4',
      type: 'video/mp4',
      courseId: 4,
      duration: 125,
      ...dates,
      expiresAt: null,
    });
    expect(result.current.progress).toBe(100);
    expect(result.current.status).toEqual({ kind: 'success', text: 'Resource added successfully' });
    act(() => result.current.resetProgress());
    expect(result.current.progress).toBeNull();
  });

  it('sends a file of no known type as octet-stream with no duration and does not probe it', async () => {
    const { fetch, add } = setup({ 'POST /resources': created });
    expect(await add({ file: new File(['x'], 'notes.bin') })).toBe(true);
    expect(readVideoDuration).not.toHaveBeenCalled();
    expect(fetch.calls[0]?.body).toMatchObject({ name: 'notes.bin', type: 'application/octet-stream', duration: 0 });
  });

  it('uploads a video whose length the browser cannot read with the length typed for it', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(null);
    const { fetch, result, add } = setup({ 'POST /resources': created });
    const recording = new File(['webm'], 'recorded.webm', { type: 'video/webm' });
    expect(await add({ file: recording, minutes: 45, seconds: 7 })).toBe(true);
    expect(tus.started).toEqual(['recorded.webm']);
    expect(fetch.calls[0]?.body).toMatchObject({ type: 'video/webm', duration: 2707 });
    expect(result.current.status).toEqual({ kind: 'success', text: 'Resource added successfully' });
  });

  it('uploads a video whose length can be neither read nor was typed without a duration: the server measures it', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(null);
    // The server answers the resource with its length still 0 until the transcode has measured it.
    const measuring = ({ body }: { body: unknown }) => created({ body: { duration: 0, ...(body as object) } });
    const { fetch, result, add } = setup({ 'POST /resources': measuring });
    expect(await add({ file: new File(['webm'], 'recorded.webm', { type: 'video/webm' }) })).toBe(true);
    expect(tus.started).toEqual(['recorded.webm']);
    expect(fetch.calls[0]?.body).toMatchObject({ type: 'video/webm' });
    expect(fetch.calls[0]?.body).not.toHaveProperty('duration');
    expect(result.current.status).toEqual({ kind: 'success', text: 'Resource added successfully' });
  });

  it("creates nothing when the upload is refused, and says the server's reason", async () => {
    tus.refusal = 'Upload limit reached.';
    const { fetch, result, add } = setup({ 'POST /resources': created });
    expect(await add({ file: new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }) })).toBe(false);
    expect(fetch.calls).toEqual([]);
    expect(result.current.status).toEqual({ kind: 'error', text: 'Error uploading file: Upload limit reached.' });
  });

  it('is busy, with the last status line cleared, until the attempt is over', async () => {
    const { fetch, result } = setup({ 'POST /resources': { status: 500, body: {} } });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch.fn>) => gate.then(() => fetch.fn(...args)));
    act(() => showStatus({ kind: 'success', text: 'Resource added successfully' }));
    let pending = Promise.resolve(true);
    act(() => {
      pending = result.current.add({ ...EMPTY_RESOURCE, ...dates, link: youtube, seconds: 5 });
    });
    // A stale success line must not pass for this attempt's result while it runs.
    expect(result.current.status).toBeNull();
    expect(result.current.busy).toBe(true);
    release();
    await act(async () => {
      expect(await pending).toBe(false);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.status?.kind).toBe('error');
  });
});
