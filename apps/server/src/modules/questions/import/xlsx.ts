import type ExcelJS from 'exceljs';
import type { ParsedFile } from './candidate.js';
import { fileProblem } from './candidate.js';
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

/** The first worksheet of an XLSX workbook; row numbers are the sheet's own. */
export async function parseXlsx(bytes: Uint8Array): Promise<ParsedFile> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's types want a Node Buffer of its own declaration; the bytes are one.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return {
      format: 'xlsx',
      questions: [],
      problems: [fileProblem('The file could not be read as an XLSX workbook.')],
    };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { format: 'xlsx', questions: [], problems: [fileProblem('The workbook has no worksheet.')] };
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(cellText(row.getCell(c)));
    rows.push(cells);
  }
  return questionsFromTable('xlsx', rows);
}
