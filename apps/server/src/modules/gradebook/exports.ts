import { PassThrough, Readable } from 'node:stream';
import { GRADEBOOK_BINS, type GradebookCell, type GradebookFigures } from '@valence/contract';
import Papa from 'papaparse';
import type { IdentifierColumn } from '../views/gradebook.js';
import type { MarkedStudent } from './service.js';

/**
 * The gradebook as files, written as the class is read: a CSV line or a workbook row per student,
 * one batch of students at a time, so 20,000 rows never sit in memory together.
 */

type Batches = () => AsyncIterable<MarkedStudent[]>;

/** A column of one identifier: its header and its cell. */
type Part = { header: string; value: (cell: GradebookCell | undefined) => string | number | null };

/** The parts an identifier shows: MCQ and PART II only where it has them, then total and status. */
function partsOf(column: IdentifierColumn): Part[] {
  return [
    ...(column.hasMcq ? [{ header: 'MCQ', value: (cell: GradebookCell | undefined) => cell?.mcq ?? null }] : []),
    ...(column.hasPartTwo
      ? [{ header: 'PART II', value: (cell: GradebookCell | undefined) => cell?.partTwo ?? null }]
      : []),
    { header: 'Total', value: (cell) => cell?.total ?? null },
    { header: 'Status', value: (cell) => cell?.status ?? null },
  ];
}

/** The CSV's header: `username`, `name`, then `<identifier> MCQ`, `… PART II`, `… Total`, `… Status`. */
export function csvHeader(columns: IdentifierColumn[]): string[] {
  return [
    'username',
    'name',
    ...columns.flatMap((column) => partsOf(column).map((part) => `${column.examIdentifier} ${part.header}`)),
  ];
}

function csvCells(columns: IdentifierColumn[], student: MarkedStudent): (string | number | null)[] {
  return [
    student.username,
    student.name ?? '',
    ...columns.flatMap((column, i) => partsOf(column).map((part) => part.value(student.cells[i]))),
  ];
}

/**
 * The CSV as a stream: a byte-order mark (so Excel reads UTF-8), the header, then a line per
 * student, a blank where a part is absent. Text that a spreadsheet would run as a formula is
 * prefixed with `'` (papaparse's `escapeFormulae`); numbers are written as numbers.
 */
export function gradebookCsv(columns: IdentifierColumn[], batches: Batches): Readable {
  const options = { newline: '\r\n', escapeFormulae: true, header: false };
  async function* lines() {
    yield `\uFEFF${Papa.unparse([csvHeader(columns)], options)}\r\n`;
    for await (const batch of batches()) {
      if (batch.length > 0)
        yield `${Papa.unparse(
          batch.map((student) => csvCells(columns, student)),
          options,
        )}\r\n`;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A sheet name Excel takes: at most 31 characters, none of `[]:*?/\`, unique in the workbook. */
function sheetName(text: string, taken: Set<string>): string {
  const base = text.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || 'Exam';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}~${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The workbook as a stream (exceljs's streaming writer): a Summary sheet (each student's combined
 * total per identifier, then the class figures) and a sheet per identifier (MCQ, PART II, total,
 * status, and whether a shown mark is unpublished). The sheets are written one after another, each
 * from its own pass over the class, since a zip is written one entry at a time: a sheet written
 * while another is open would wait in memory.
 */
export function gradebookXlsx(
  columns: IdentifierColumn[],
  figures: GradebookFigures[],
  batches: Batches,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const taken = new Set<string>();
  async function write() {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const summary = workbook.addWorksheet(sheetName('Summary', taken));
    summary.addRow(['username', 'name', ...columns.map((column) => `${column.examIdentifier} Total`)]).commit();
    for await (const batch of batches()) {
      for (const student of batch) {
        summary
          .addRow([student.username, student.name, ...columns.map((_, i) => student.cells[i]?.total ?? null)])
          .commit();
      }
    }
    summary.addRow([]).commit();
    summary.addRow(['Class figures', '', ...columns.map((column) => column.examIdentifier)]).commit();
    const figure = (label: string, pick: (row: GradebookFigures | undefined) => number | null) =>
      summary
        .addRow([
          label,
          '',
          ...columns.map((column) => pick(figures.find((row) => row.examIdentifier === column.examIdentifier))),
        ])
        .commit();
    figure('Sat', (row) => row?.sat ?? 0);
    figure('Mean', (row) => row?.mean ?? null);
    figure('Median', (row) => row?.median ?? null);
    figure('Highest', (row) => row?.highest ?? null);
    figure('Lowest', (row) => row?.lowest ?? null);
    GRADEBOOK_BINS.forEach((bin, i) => {
      figure(`Totals ${bin}`, (row) => row?.histogram[i] ?? 0);
    });
    summary.commit();

    for (const [index, column] of columns.entries()) {
      const parts = partsOf(column);
      const sheet = workbook.addWorksheet(sheetName(column.examIdentifier, taken));
      sheet.addRow(['username', 'name', ...parts.map((part) => part.header), 'Unpublished']).commit();
      for await (const batch of batches()) {
        for (const student of batch) {
          const cell = student.cells[index];
          sheet
            .addRow([
              student.username,
              student.name,
              ...parts.map((part) => part.value(cell)),
              cell?.unpublished ? 'yes' : '',
            ])
            .commit();
        }
      }
      sheet.commit();
    }
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
