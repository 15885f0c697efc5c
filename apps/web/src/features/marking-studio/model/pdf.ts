import type { PDFDocumentProxy } from 'pdfjs-dist';

export type PdfDocument = PDFDocumentProxy;

/**
 * pdf.js, loaded only when the studio opens a PDF script, its parsing in a worker (a file of the
 * build, same origin). The file is streamed in ranges, so the first page shows before a large scan
 * has fully arrived.
 */
export async function openPdf(url: string): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval: the server's Content-Security-Policy does not allow it.
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise;
}
