import type { Rotation } from './script-pages';

/** A page picture ready for the PDF: JPEG from the camera step, PNG allowed too. */
export type PreparedImage = { bytes: Uint8Array; type: 'jpeg' | 'png' };

/**
 * Turns one photo into a picture small enough for a page. In the browser it draws into a canvas
 * (script-image.ts); tests pass their own, since jsdom has no canvas.
 */
export type PrepareImage = (file: Blob & { name?: string }) => Promise<PreparedImage>;

/** Starts loading pdf-lib (about 175 KB) while the student is still photographing, so handing in does not wait for it. */
export const preloadPdfLib = () =>
  import('pdf-lib').then(
    () => undefined,
    () => undefined,
  );

/** A4's long side in points: every page prints at about A4 size, whatever the photo's pixels. */
export const PAGE_LONG_SIDE = 842;

/** A page that could not be made, with the student's page number in its sentence. */
export class PageError extends Error {
  constructor(
    readonly page: number,
    message: string,
  ) {
    super(`Page ${page}: ${message}`);
  }
}

/**
 * The pages as ONE PDF, in the order given: one page per photo, the page the photo's own shape
 * (long side A4's), the student's rotation drawn into the page, so every viewer and printer shows
 * it upright (a /Rotate flag is ignored by some tools). pdf-lib is loaded only here, when a student
 * hands in.
 */
export async function combinePages(
  pages: readonly { file: Blob & { name?: string }; rotation: Rotation }[],
  prepare: PrepareImage,
): Promise<Uint8Array> {
  const { PDFDocument, degrees } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  for (const [index, page] of pages.entries()) {
    let image: Awaited<ReturnType<typeof pdf.embedJpg>>;
    try {
      const prepared = await prepare(page.file);
      image = prepared.type === 'png' ? await pdf.embedPng(prepared.bytes) : await pdf.embedJpg(prepared.bytes);
    } catch (error) {
      const reason =
        error instanceof Error && error.message ? error.message : 'this photo could not be read. Please take it again.';
      throw new PageError(index + 1, reason);
    }
    const scale = PAGE_LONG_SIDE / Math.max(image.width, image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    const sideways = page.rotation === 90 || page.rotation === 270;
    const pdfPage = pdf.addPage(sideways ? [height, width] : [width, height]);
    // pdf-lib turns counter-clockwise about the picture's lower-left corner: that corner is put
    // where the clockwise-turned picture fills the page exactly.
    const corner = { 0: [0, 0], 90: [0, width], 180: [width, height], 270: [height, 0] }[page.rotation];
    pdfPage.drawImage(image, {
      x: corner[0],
      y: corner[1],
      width,
      height,
      rotate: degrees(-page.rotation),
    });
  }
  return pdf.save();
}
