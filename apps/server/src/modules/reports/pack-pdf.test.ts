import { afterEach, describe, expect, it } from 'vitest';
import { setShaping } from '../../lib/pdf-type/typesetter.js';
import { checkPdf, REFERENCE_TOLERANCE, SCRIPTS_SAMPLE } from '../../test/pdf-render.js';
import { type ReportPackData, renderReportPack } from './pack-pdf.js';

const { sinhalaName, tamilComment, title, titleText } = SCRIPTS_SAMPLE;

const data: ReportPackData = {
  student: { username: 'kasun', name: sinhalaName },
  generatedAt: '2026-03-02 05:30 (Asia/Colombo)',
  enrolments: [{ course: title, status: 'ACTIVE', since: '2026-01-05' }],
  lectures: [{ course: title, lecture: 'அமிலங்கள் 1', length: 3600, watchedSeconds: 1800, coverage: 0.5, viewings: 2 }],
  coverageByDuration: false,
  marks: [{ course: title, identifier: 'P1', title: 'Paper 1', mcq: 40, partTwo: 70, total: 75, unpublished: false }],
  feedback: [{ course: title, identifier: 'P1', title: 'Paper 1', text: tamilComment }],
};
const header = { name: 'Valence Institute', address: '', contact: '', logo: null };
/** The student's line and the enrolment with the title, at 100 dpi. */
const region = { name: 'report-pack', dpi: 100, x: 50, y: 145, width: 300, height: 160 };

describe('report pack PDF', () => {
  afterEach(() => setShaping(true));

  it('prints a Sinhala name, a Tamil comment and typeset notation, as a reader reads them', async () => {
    const pdf = await renderReportPack(data, header);
    const { differing } = await checkPdf(pdf, [sinhalaName, tamilComment, titleText, 'அமிலங்கள் 1'], region);
    expect(differing).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
  });

  it('fails the comparison when shaping is off (the reference catches broken shaping)', async () => {
    setShaping(false);
    const pdf = await renderReportPack(data, header);
    const { differing } = await checkPdf(pdf, [sinhalaName], region);
    expect(differing).toBeGreaterThan(4 * REFERENCE_TOLERANCE);
  });
});
