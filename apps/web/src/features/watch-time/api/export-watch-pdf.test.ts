import { describe, expect, it } from 'vitest';
import { expectReportFrame, REPORT_TIME, reportText } from '../../../test/pdf-report';
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
    const doc = await buildWatchReport('kasun.perera', 'Asia/Colombo', records, 400 * 65, REPORT_TIME);
    const text = reportText(doc);
    expect(doc.getNumberOfPages()).toBeGreaterThan(5);
    // Each label and its value are drawn apart, each a PDF string of its own.
    for (const part of ['(Student:)', '(Total watch time:)', '(7h 13m 20s)']) expect(text).toContain(part);
    expectReportFrame(text, '(kasun.perera)', doc.getNumberOfPages());
    expect(text).toContain('Lesson 400');
    expect(text).toContain('2026-03-01 10:00');
  });

  it("is headed with the institute's details, and names the student and each lecture's course", async () => {
    // A 1x1 PNG: jsPDF must read it to draw the logo.
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const records = [
      {
        id: 1,
        videoName: 'Alkenes',
        timestamp: '2026-03-01T04:30:00.000Z',
        watchedDuration: 65,
        courseTitle: 'Organic',
      },
    ];
    const institute = {
      name: 'Valence Institute',
      address: '12 Galle Road, Colombo 3',
      contact: '011 234 5678',
      logo: { dataUrl: logo, format: 'PNG' as const },
    };
    const doc = await buildWatchReport('amaya', 'Asia/Colombo', records, 65, REPORT_TIME, institute, 'Amaya Perera');
    const text = reportText(doc);
    // reportText unescapes the parentheses PDF strings escape.
    for (const part of [
      '(Valence Institute)',
      '(12 Galle Road, Colombo 3)',
      '(011 234 5678)',
      '(Amaya Perera (amaya))',
    ])
      expect(text).toContain(part);
    expect(text).toContain('(Organic)');
    expect(text).toContain('/Subtype /Image');
  });
});
