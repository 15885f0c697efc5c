import { describe, expect, it } from 'vitest';
import { buildWatchReport, watchReportFileName } from './export-watch-pdf';

describe('watch-time report', () => {
  it('names the file from the username, other characters made underscores', () => {
    expect(watchReportFileName('kasun.perera@2026')).toBe('kasun_perera_2026_watch_time.pdf');
  });

  it('holds every record across pages, with the student, the total and times in the platform zone', async () => {
    const records = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      videoName: `Lesson ${i + 1}`,
      timestamp: '2026-03-01T04:30:00.000Z',
      watchedDuration: 65,
    }));
    const doc = await buildWatchReport(
      'kasun.perera',
      'Asia/Colombo',
      records,
      400 * 65,
      new Date('2026-03-02T00:00:00Z'),
    );
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(doc.getNumberOfPages()).toBeGreaterThan(5);
    // Each label and its value are drawn apart; PDF strings escape parentheses.
    for (const part of ['(Student:)', '(kasun.perera)', '(Total watch time:)', '(7h 13m 20s)'])
      expect(text).toContain(part);
    expect(text).toContain('2026-03-02 05:30 \\(Asia/Colombo\\)');
    expect(text).toContain('Page 1 of ');
    expect(text).toContain('Lesson 400');
    expect(text).toContain('2026-03-01 10:00');
  });
});
