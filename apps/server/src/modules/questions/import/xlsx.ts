import type ExcelJS from 'exceljs';
import { HttpError } from '../../../lib/errors.js';
import { formatBytes } from '../../../lib/multipart-errors.js';
import { ZipReader } from '../../../lib/zip-reader.js';
import type { ParsedFile } from './candidate.js';
import { fileProblem, parsedFile } from './candidate.js';
import { questionsFromTable } from './table.js';

/** A cell's text as the sheet shows it: rich text joined, a formula's result, a number without formatting. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  return cell.text ?? '';
}

/**
 * What a workbook may unpack to in all. exceljs inflates every part in memory as the zip's directory
 * describes it: a 1 MB workbook that inflated to 1 GB held 1 GB until the upload ended. A workbook
 * of the 500 questions one import takes unpacks to a few MB.
 */
export const WORKBOOK_UNPACKED_MAX = 50 * 1024 * 1024;
/** Parts of a workbook: a sheet of questions has a dozen. */
const WORKBOOK_MAX_FILES = 1000;
const NOT_XLSX = 'The file could not be read as an XLSX workbook.';
const TOO_BIG = `The workbook unpacks to more than ${formatBytes(WORKBOOK_UNPACKED_MAX)}; a question file is far smaller. Save the questions alone, or as CSV.`;

/**
 * Refuses a workbook whose parts would unpack to more than `WORKBOOK_UNPACKED_MAX`, before exceljs
 * sees it: the sizes are summed from the zip's directory, then each part is inflated once through the
 * shared reader (a chunk at a time, nothing kept), which fails a part that inflates beyond its stated
 * size. exceljs then inflates at most what was counted. Answers a problem, or null when it may be read.
 */
async function checkUnpackedSize(bytes: Uint8Array, tooBig: string): Promise<string | null> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.fromBytes(bytes, NOT_XLSX);
  } catch {
    return NOT_XLSX;
  }
  try {
    const parts = await zip.items(Number.MAX_SAFE_INTEGER, { maxFiles: WORKBOOK_MAX_FILES, hidden: true });
    const total = parts.reduce((sum, part) => sum + part.size, 0);
    if (total > WORKBOOK_UNPACKED_MAX) throw new HttpError(413, tooBig);
    for (const part of parts) await zip.check(part);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) throw error;
    return NOT_XLSX;
  } finally {
    await zip.close();
  }
}

/**
 * The cells' text of a workbook's first worksheet, row 1 first (the students' import reads its
 * sheets here too); a string is the problem that kept it from being read. A workbook unpacking to
 * more than `WORKBOOK_UNPACKED_MAX` is refused with 413 and `tooBig`.
 */
export async function worksheetRows(bytes: Uint8Array, tooBig = TOO_BIG): Promise<string[][] | string> {
  const problem = await checkUnpackedSize(bytes, tooBig);
  if (problem) return problem;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's types want a Node Buffer of its own declaration; the bytes are one.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return NOT_XLSX;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return 'The workbook has no worksheet.';
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(cellText(row.getCell(c)));
    rows.push(cells);
  }
  return rows;
}

/** The first worksheet of an XLSX workbook; row numbers are the sheet's own. */
export async function parseXlsx(bytes: Uint8Array): Promise<ParsedFile> {
  const rows = await worksheetRows(bytes);
  if (typeof rows === 'string') return { ...parsedFile('xlsx'), problems: [fileProblem(rows)] };
  return questionsFromTable('xlsx', rows);
}
