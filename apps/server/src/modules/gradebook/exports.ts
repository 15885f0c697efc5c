import { PassThrough, Readable } from 'node:stream';
import {
  GRADEBOOK_BINS,
  type GradebookCell,
  type GradebookFigures,
  OVERALL_STATUS_LABELS,
  statusLabel,
  toHundredths,
} from '@valence/contract';
import Papa from 'papaparse';
import { guardCell } from '../../lib/spreadsheet-cell.js';
import type { IdentifierColumn } from './reads.js';
import type { MarkedStudent } from './service.js';

/**
 * The gradebook as files, written as the class is read: a CSV line or a workbook row per student,
 * one batch of students at a time, so 20,000 rows never sit in memory together.
 */

type Batches = () => AsyncIterable<MarkedStudent[]>;

/** A column of one identifier: its header and its cell. */
type Part = { header: string; value: (cell: GradebookCell | undefined) => string | number | null };

/** A mark as the gradebook screen shows it (two decimals at most), blank when absent. */
const mark = (value: number | null | undefined) => (value === null || value === undefined ? null : toHundredths(value));

/**
 * The parts an identifier shows: MCQ and PART II only where it has them, then total and status,
 * each as the portal's gradebook shows it (its status words, not the server's).
 */
function partsOf(column: IdentifierColumn): Part[] {
  return [
    ...(column.hasMcq ? [{ header: 'MCQ', value: (cell: GradebookCell | undefined) => mark(cell?.mcq) }] : []),
    ...(column.hasPartTwo
      ? [{ header: 'PART II', value: (cell: GradebookCell | undefined) => mark(cell?.partTwo) }]
      : []),
    { header: 'Total', value: (cell) => mark(cell?.total) },
    { header: 'Status', value: (cell) => (cell ? statusLabel(cell.status, OVERALL_STATUS_LABELS) : null) },
  ];
}

/** A row as every export writes it: text a spreadsheet would run as a formula is quoted. */
const guarded = (cells: (string | number | null)[]) => cells.map(guardCell);

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
 * prefixed with `'` (`guardCell`); numbers are written as numbers.
 */
export function gradebookCsv(columns: IdentifierColumn[], batches: Batches): Readable {
  const options = { newline: '\r\n', header: false };
  async function* lines() {
    yield `\uFEFF${Papa.unparse([guarded(csvHeader(columns))], options)}\r\n`;
    for await (const batch of batches()) {
      if (batch.length > 0)
        yield `${Papa.unparse(
          batch.map((student) => guarded(csvCells(columns, student))),
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
    summary
      .addRow(guarded(['username', 'name', ...columns.map((column) => `${column.examIdentifier} Total`)]))
      .commit();
    for await (const batch of batches()) {
      for (const student of batch) {
        summary
          .addRow(guarded([student.username, student.name, ...columns.map((_, i) => mark(student.cells[i]?.total))]))
          .commit();
      }
    }
    summary.addRow([]).commit();
    summary.addRow(guarded(['Class figures', '', ...columns.map((column) => column.examIdentifier)])).commit();
    const figure = (label: string, pick: (row: GradebookFigures | undefined) => number | null) =>
      summary
        .addRow([
          label,
          '',
          ...columns.map((column) => pick(figures.find((row) => row.examIdentifier === column.examIdentifier))),
        ])
        .commit();
    figure('Sat', (row) => row?.sat ?? 0);
    figure('Mean', (row) => mark(row?.mean));
    figure('Median', (row) => mark(row?.median));
    figure('Highest', (row) => mark(row?.highest));
    figure('Lowest', (row) => mark(row?.lowest));
    GRADEBOOK_BINS.forEach((bin, i) => {
      figure(`Totals ${bin}`, (row) => row?.histogram[i] ?? 0);
    });
    summary.commit();

    for (const [index, column] of columns.entries()) {
      const parts = partsOf(column);
      const sheet = workbook.addWorksheet(sheetName(column.examIdentifier, taken));
      sheet.addRow(guarded(['username', 'name', ...parts.map((part) => part.header), 'Unpublished'])).commit();
      for await (const batch of batches()) {
        for (const student of batch) {
          const cell = student.cells[index];
          sheet
            .addRow(
              guarded([
                student.username,
                student.name,
                ...parts.map((part) => part.value(cell)),
                cell?.unpublished ? 'yes' : '',
              ]),
            )
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
