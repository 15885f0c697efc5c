import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../content-disposition.js';
import { renderOnPdfWorker } from '../pdf-worker.js';
import type { ReportDocument } from './report-document.js';

/** A report drawn on the PDF thread and answered as a download under `fileName` (any script kept). */
export async function sendReport(reply: FastifyReply, report: ReportDocument, fileName: string) {
  const bytes = await renderOnPdfWorker({ kind: 'report', report });
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(fileName))
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}
