import { describe, expect, it } from 'vitest';
import { resumeWorthOffering } from './resume-point';
import { youTubeId } from './youtube';

describe('youTubeId', () => {
  it('reads the id from the addresses tutors paste', () => {
    expect(youTubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://www.youtube.com/live/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('gives null for anything else', () => {
    expect(youTubeId('https://vimeo.com/123456')).toBeNull();
    expect(youTubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youTubeId('https://www.youtube.com/channel/UCabcdefghijk')).toBeNull();
    expect(youTubeId('not a link')).toBeNull();
  });
});

describe('resumeWorthOffering', () => {
  it('offers a place past the first and before the last 5 seconds', () => {
    expect(resumeWorthOffering(760, 3600)).toBe(true);
    expect(resumeWorthOffering(5, 3600)).toBe(false);
    expect(resumeWorthOffering(3595, 3600)).toBe(false);
    expect(resumeWorthOffering(null, 3600)).toBe(false);
    // A lecture whose length is not known: any place past the start.
    expect(resumeWorthOffering(40, 0)).toBe(true);
  });
});
