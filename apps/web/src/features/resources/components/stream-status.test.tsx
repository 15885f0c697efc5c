import { STREAMING_NEEDS_FFMPEG } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { streamLabel } from './stream-status';

describe('streamLabel', () => {
  it("says each state of a video's streaming versions in the course page's words", () => {
    expect(streamLabel({ state: 'queued', progress: 0, renditions: [], reason: null })).toBe('Queued');
    expect(streamLabel({ state: 'processing', progress: 0.43, renditions: [], reason: null })).toBe('Transcoding 43 %');
    expect(streamLabel({ state: 'ready', progress: 1, renditions: [360, 540, 720], reason: null })).toBe(
      'Ready (360p · 540p · 720p)',
    );
    expect(streamLabel({ state: 'failed', progress: 0, renditions: [], reason: 'Invalid data found' })).toBe(
      'Failed: Invalid data found',
    );
    expect(streamLabel({ state: 'none', progress: 0, renditions: [], reason: STREAMING_NEEDS_FFMPEG })).toBe(
      'Streaming versions need ffmpeg (see README)',
    );
    expect(streamLabel({ state: 'none', progress: 0, renditions: [], reason: null })).toBeNull();
  });
});
