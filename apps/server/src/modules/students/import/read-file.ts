import Papa from 'papaparse';
import { csvDelimiterOf } from '../../../lib/csv-delimiter.js';
import { formatBytes } from '../../../lib/multipart-errors.js';
import { WORKBOOK_UNPACKED_MAX, worksheetRows } from '../../questions/import/xlsx.js';

export type StudentTable = { format: 'csv' | 'xlsx'; rows: string[][] };

const TOO_BIG = `The workbook unpacks to more than ${formatBytes(WORKBOOK_UNPACKED_MAX)}; a list of students is far smaller. Save the students alone, or as CSV.`;

/**
 * The cells of a CSV file or of an XLSX workbook's first sheet (told apart by the zip signature, not
 * the name), row 1 the header; a string is why the file cannot be read at all.
 */
export async function readStudentTable(bytes: Uint8Array): Promise<StudentTable | string> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const rows = await worksheetRows(bytes, TOO_BIG);
    return typeof rows === 'string' ? rows : { format: 'xlsx', rows };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return 'The file is neither an XLSX workbook nor UTF-8 text: save it as CSV UTF-8 or as XLSX.';
  }
  const rows: string[][] = [];
  Papa.parse<string[]>(text, {
    delimiter: csvDelimiterOf(text),
    skipEmptyLines: false,
    step: (result) => rows.push(result.data),
  });
  return { format: 'csv', rows };
}
