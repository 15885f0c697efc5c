import { useEffect, useRef, useState } from 'react';
import { type PdfDocument, usePdfDocument } from '../../../../lib/pdf-document';
import { i18next, useTranslation } from '../../../lib/i18n';
import en from '../../../locales/en.json';

export const PDF_FAILED = en.lecture.pdfFailed;

/**
 * A PDF lecture in the page: each page drawn to a canvas as wide as the screen, only when it comes
 * near the view, so a long PDF on a phone does not draw a hundred pages at once.
 */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  // The link the viewer started with: a refetch of the list (new signed links) must not reload it.
  const [src] = useState(url);
  const { pdf, ratio, failed } = usePdfDocument(src);

  return (
    <div className="stack">
      <p>
        <a className="button secondary" href={url} download>
          {t('lecture.downloadPdf')}
        </a>
      </p>
      {failed && (
        <p className="alert error" role="alert">
          {t('lecture.pdfFailed')}
        </p>
      )}
      {!pdf && !failed && <p className="loading">{t('lecture.loadingPdf')}</p>}
      {pdf && (
        <section className="pdf-pages" aria-label={name}>
          {Array.from({ length: pdf.numPages }, (_, index) => index + 1).map((number) => (
            <PdfPageCanvas key={number} pdf={pdf} number={number} ratio={ratio} />
          ))}
        </section>
      )}
    </div>
  );
}

function PdfPageCanvas({ pdf, number, ratio }: { pdf: PdfDocument; number: number; ratio: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // A screen ahead, so the next page is usually drawn before it is scrolled to.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    const element = box.current;
    if (!near || !target || !element) return;
    let gone = false;
    void pdf
      .getPage(number)
      .then(async (page) => {
        if (gone) return;
        const width = element.clientWidth || 360;
        const base = page.getViewport({ scale: 1 });
        // Sharp on high-density phone screens, fit to the width.
        const scale = (width / base.width) * Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        await page.render({ canvas: target, viewport }).promise;
        if (!gone) setDrawn(true);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [near, pdf, number]);

  return (
    <div ref={box} className="pdf-page" style={drawn ? undefined : { aspectRatio: `1 / ${ratio}` }}>
      <canvas ref={canvas} aria-label={i18next.t('lecture.page', { number })} role="img" />
    </div>
  );
}
