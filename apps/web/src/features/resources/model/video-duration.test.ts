import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVideoDuration } from './video-duration';

/**
 * A stand-in for the <video> element the probe creates: jsdom plays no media. It reports the
 * duration a browser would, fires what a browser fires, and moves to `seekDuration` once asked
 * for a time far past the end (a MediaRecorder WebM learns its length only then).
 */
class FakeVideo extends EventTarget {
  preload = '';
  duration = Number.NaN;
  error: { message: string } | null = null;
  seeks: number[] = [];
  seekDuration: number | null = null;
  #src = '';
  get src() {
    return this.#src;
  }
  set src(value: string) {
    this.#src = value;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.#src = '';
  }
  load() {}
  get currentTime() {
    return this.seeks.at(-1) ?? 0;
  }
  set currentTime(time: number) {
    this.seeks.push(time);
    if (time > 1e100 && this.seekDuration !== null) {
      const found = this.seekDuration;
      queueMicrotask(() => {
        this.duration = found;
        this.dispatchEvent(new Event('durationchange'));
      });
    }
  }
  /** What the browser fires once it has read the file's header. */
  metadata(duration: number) {
    this.duration = duration;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
  fail(message: string) {
    this.error = { message };
    this.dispatchEvent(new Event('error'));
  }
}

let video: FakeVideo;
const file = new File(['webm'], 'lecture.webm', { type: 'video/webm' });

beforeEach(() => {
  video = new FakeVideo();
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'video' ? (video as unknown as HTMLElement) : create(tag),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('readVideoDuration', () => {
  it('reads a length the file states, to the nearest second', async () => {
    const read = readVideoDuration(file);
    video.metadata(125.4);
    expect(await read).toBe(125);
    expect(video.seeks).toEqual([]);
  });

  it('finds the length of a MediaRecorder WebM, which states none until a seek past its end', async () => {
    video.seekDuration = 2712.6;
    const read = readVideoDuration(file);
    video.metadata(Number.POSITIVE_INFINITY);
    expect(await read).toBe(2713);
    expect(video.seeks[0]).toBe(1e101);
    expect(video.src).toBe('');
  });

  it('answers null, not the browser’s words, for a file it cannot play', async () => {
    const read = readVideoDuration(file);
    video.fail('PipelineStatus::DEMUXER_ERROR_COULD_NOT_OPEN: FFmpegDemuxer: open context failed');
    expect(await read).toBeNull();
  });

  it('answers null when the length never shows, instead of waiting for ever', async () => {
    vi.useFakeTimers();
    const read = readVideoDuration(file);
    video.metadata(Number.POSITIVE_INFINITY);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await read).toBeNull();
  });
});
