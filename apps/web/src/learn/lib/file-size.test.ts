import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('says a file under 1 MB in KB, never as 0.0 MB', () => {
    expect(fileSize(25 * 1024)).toBe('25 KB');
    expect(fileSize(300)).toBe('1 KB');
    // What would round to 1024 KB is said as the MB it is.
    expect(fileSize(1024 * 1024 - 1)).toBe('1.0 MB');
  });

  it('says a larger file in MB with one decimal', () => {
    expect(fileSize(1024 * 1024)).toBe('1.0 MB');
    expect(fileSize(12.34 * 1024 * 1024)).toBe('12.3 MB');
  });
});
