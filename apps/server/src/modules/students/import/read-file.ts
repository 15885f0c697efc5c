import Papa from 'papaparse';
import { formatBytes } from '../../../lib/multipart-errors.js';
import { WORKBOOK_UNPACKED_MAX, worksheetRows } from '../../questions/import/xlsx.js';

export type StudentTable = { format: 'csv' | 'xlsx'; rows: string[][] };

const DELIMITERS = [',', ';', '\t'] as const;
const TOO_BIG = `The workbook unpacks to more than ${formatBytes(WORKBOOK_UNPACKED_MAX)}; a list of students is far smaller. Save the students alone, or as CSV.`;

/** The delimiter the header row uses most (a comma when none): a spreadsheet saved with semicolons reads too. */
function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  let best: string = DELIMITERS[0];
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

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
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
    step: (result) => rows.push(result.data),
  });
  return { format: 'csv', rows };
}
