import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

export type PdfDocument = PDFDocumentProxy;

/** Height over width of an A4 page: the frame's shape until the first page says otherwise. */
const A4 = 297 / 210;

/**
 * pdf.js, loaded only when a PDF is first shown, its parsing in a worker (a file of the build, same
 * origin). The file is streamed in ranges, so the first page shows before a large scan has arrived.
 */
export async function openPdf(url: string): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval: the server's Content-Security-Policy does not allow it.
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise;
}

/**
 * The PDF at `url`, opened while the component shows it and destroyed after (its worker memory
 * with it), with its first page's shape (height ÷ width) for sizing frames before pages are drawn.
 * Shared by the portal's marking studio and the students' app's lecture viewer.
 */
export function usePdfDocument(url: string): { pdf: PdfDocument | null; ratio: number; failed: boolean } {
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [ratio, setRatio] = useState(A4);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    let opened: PdfDocument | null = null;
    setPdf(null);
    setFailed(false);
    openPdf(url)
      .then(async (document) => {
        opened = document;
        const first = (await document.getPage(1)).getViewport({ scale: 1 });
        if (gone) return;
        setRatio(first.height / first.width);
        setPdf(document);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      void opened?.destroy();
    };
  }, [url]);

  return { pdf, ratio, failed };
}
