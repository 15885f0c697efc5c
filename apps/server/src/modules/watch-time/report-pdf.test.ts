import { describe, expect, it } from 'vitest';
import { renderReport } from '../../lib/pdf-type/report-document.js';
import { checkPdf, REFERENCE_TOLERANCE, SCRIPTS_SAMPLE } from '../../test/pdf-render.js';
import { watchReport } from './report-pdf.js';

const { sinhalaName, tamilComment, title, titleText } = SCRIPTS_SAMPLE;

describe('the watch-time report PDF', () => {
  it('prints a Sinhala name, a Tamil lecture name and notation in a course title', async () => {
    const record = (videoName: string, courseTitle: string) => ({
      id: 1,
      username: 'kasun',
      videoName,
      courseTitle,
      timestamp: '2026-03-01T04:00:00Z',
      watchedDuration: 1800,
      resourceId: 1,
    });
    const report = watchReport({
      username: 'kasun',
      name: sinhalaName,
      records: [record(tamilComment, title), record('Lecture 2', 'Organic')],
      totalSeconds: 3600,
      timeZone: 'Asia/Colombo',
      now: new Date('2026-03-02T00:00:00Z'),
      institute: { name: 'Valence Institute', address: '', contact: '', logo: null },
    });
    const { differing } = await checkPdf(await renderReport(report), [sinhalaName, tamilComment, titleText], {
      name: 'watch-time',
      dpi: 100,
      x: 50,
      y: 120,
      width: 560,
      height: 260,
    });
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
  });
});
