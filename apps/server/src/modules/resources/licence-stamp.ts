import type { Language } from '@valence/contract';
import { PDFDocument, rgb } from 'pdf-lib';
import type { LicenceStampInput } from '../../lib/pdf-jobs.js';
import { viewOf } from '../../lib/pdf-type/page-view.js';
import { rawOperator } from '../../lib/pdf-type/report-writer.js';
import { fill, pdfDate, pdfTexts } from '../../lib/pdf-type/texts/index.js';
import { Typesetter } from '../../lib/pdf-type/typesetter.js';

/**
 * A lecture PDF as a student receives it: "Licensed to {name} · {date}", in the student's language,
 * at the foot of every page as the page is viewed (turned and cropped pages too), in any script. Pure (bytes in, bytes out);
 * the stored original is never changed. A deterrent against passing the file on, not a lock.
 */
export type { LicenceStampInput } from '../../lib/pdf-jobs.js';

export function licenceText(holder: string, date: string, language?: Language | null): string {
  const texts = pdfTexts(language);
  return fill(texts.licence, { holder, date: pdfDate(date, texts) });
}

const GREY = rgb(0.35, 0.35, 0.35);

export async function stampLicence(input: LicenceStampInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(input.pdf, { updateMetadata: false });
  const type = new Typesetter(doc);
  const text = licenceText(input.holder, input.date, input.language);
  for (const page of doc.getPages()) {
    const view = viewOf(page);
    const size = Math.max(7, Math.min(10, view.width / 60));
    const [line] = type.wrap(type.rich(text), { size }, view.width - 2 * size, 1);
    if (!line) continue;
    const width = type.width(line, { size });
    // On a light band, so the line reads over a dark slide as well as over white paper.
    const x = (view.width - width) / 2;
    const y = size * 1.2;
    const band = `${x - 4} ${y - size * 0.35} ${width + 8} ${size * 1.4} re f`;
    const ops = type.lineOperators(page, line, x, y, { size, color: GREY });
    const [a, b, c, d, e, f] = view.matrix;
    page.pushOperators(rawOperator(`q\n${a} ${b} ${c} ${d} ${e} ${f} cm\nq\n1 1 1 rg\n${band}\nQ\n${ops}\nQ`));
  }
  await type.finish();
  return doc.save();
}
