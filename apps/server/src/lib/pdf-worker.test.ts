import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptPdf } from '../test/scripts.js';
import { closePdfWorker, configurePdfWorker, type PdfJob, PdfRenderError, renderOnPdfWorker } from './pdf-worker.js';

const markedPaper = (script: Uint8Array): PdfJob => ({
  kind: 'marked-paper',
  input: { script, kind: 'pdf', annotations: [], total: 50, scheme: [], questionMarks: null, feedback: 'Good.' },
});

afterAll(async () => {
  configurePdfWorker({ timeLimitMs: 60_000 });
  await closePdfWorker();
});

// The thread's first PDF reads the fonts and starts HarfBuzz (about 1.5 s alone, more on a busy machine).
describe('the PDF thread', { timeout: 30_000 }, () => {
  it('draws a marked paper and a report pack from the sources (tsx in the thread)', async () => {
    const paper = await renderOnPdfWorker(markedPaper(await scriptPdf(2)));
    expect((await PDFDocument.load(paper)).getPageCount()).toBe(2);
    const pack = await renderOnPdfWorker({
      kind: 'report-pack',
      data: {
        student: { username: 's1', name: 'Nimal' },
        generatedAt: '2026-03-02 05:30 (Asia/Colombo)',
        enrolments: [],
        lectures: [],
        coverageByDuration: false,
        marks: [],
        feedback: [{ course: 'C', identifier: 'E1', title: 'Test', text: 'W'.repeat(10_000) }],
      },
      header: { name: 'Institute', address: '', contact: '', logo: null },
    });
    expect((await PDFDocument.load(pack)).getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('tells an unreadable script from a drawing that failed', async () => {
    const error = await renderOnPdfWorker(markedPaper(new TextEncoder().encode('not a pdf'))).catch((e) => e);
    expect(error).toBeInstanceOf(PdfRenderError);
    expect(error.unreadable).toBe(true);
  });

  it('ends a PDF past the time limit, and draws the next on a new thread', async () => {
    const script = await scriptPdf(1);
    configurePdfWorker({ timeLimitMs: 1 });
    const late = await renderOnPdfWorker(markedPaper(script)).catch((e) => e);
    expect(late).toBeInstanceOf(PdfRenderError);
    expect(late.unreadable).toBe(false);
    expect(late.message).toMatch(/took longer than/);
    configurePdfWorker({ timeLimitMs: 60_000 });
    expect((await PDFDocument.load(await renderOnPdfWorker(markedPaper(script)))).getPageCount()).toBe(1);
  });
});
