import { type Column, type InstituteHeader, PdfWriter } from './report-writer.js';

/**
 * A report described as data (a title, its details, then headings, tables, label/value fields and
 * notes), so each module says what its report holds and one renderer, on the PDF thread, draws
 * them all alike. The portal's and the app's report downloads (score summary, marks summary,
 * watch time, My marks) are made this way.
 */
export type ReportBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'table'; columns: Column[]; rows: string[][]; empty?: string }
  | { kind: 'fields'; rows: [label: string, value: string][] }
  | { kind: 'note'; text: string };

export type ReportDocument = {
  title: string;
  details: [label: string, value: string][];
  institute: InstituteHeader | null;
  blocks: ReportBlock[];
  /** At the foot of every page; the title when not given. */
  footer?: string;
  /** "Page {{page}} of {{pages}}" in the reader's language (`texts/`); English when not given. */
  pageOf?: string;
};

export async function renderReport(report: ReportDocument): Promise<Uint8Array> {
  const writer = await PdfWriter.create();
  await writer.institute(report.institute);
  writer.title(report.title, report.details);
  for (const block of report.blocks) {
    switch (block.kind) {
      case 'heading':
        writer.heading(block.text);
        break;
      case 'table':
        if (block.rows.length === 0 && block.empty) writer.note(block.empty);
        else writer.table(block.columns, block.rows);
        break;
      case 'fields':
        writer.fields(block.rows);
        break;
      case 'note':
        writer.note(block.text);
        break;
    }
  }
  return writer.finish(report.footer ?? report.title, report.pageOf);
}
