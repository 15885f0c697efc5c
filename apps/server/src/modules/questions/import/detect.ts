import type { QuestionImportFormat } from '@valence/contract';
import { parseAiken } from './aiken.js';
import type { ParsedFile } from './candidate.js';
import { parseCsv } from './csv.js';
import { parseGift } from './gift.js';
import { parseXlsx } from './xlsx.js';

export const NOT_UTF8 = 'The question file must be UTF-8 text (in Excel, save it as "CSV UTF-8"), or an XLSX workbook.';
export const UNKNOWN_FORMAT =
  'The question file is not one of the formats read here: CSV or XLSX with a header row (question, option1 … option5, correct), Aiken or GIFT.';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * Which format a file is, from its content first: a zip is an XLSX workbook; text is CSV when named
 * .csv or when its first line is the header, Aiken when it has an `ANSWER:` line, GIFT when it has
 * an answer block (`{` with `=` or `~`) or a `::title::`; `.gift` and `.aiken`/`.txt` names only break ties.
 * Answers a sentence when it is none of them.
 */
export function detectFormat(
  bytes: Uint8Array,
  fileName: string,
): { format: QuestionImportFormat; text: string } | string {
  if (ZIP.every((byte, i) => bytes[i] === byte)) return { format: 'xlsx', text: '' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return NOT_UTF8;
  }
  if (text.includes('\0')) return NOT_UTF8;
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv') || hasHeader(text)) return { format: 'csv', text };
  // Every test below reads the text once: a file of 5 MB must not make a pattern backtrack.
  const aiken = /^ANSWER[ \t]*:/im.test(text);
  const gift = hasAnswerBlock(text) || hasTitle(text);
  if (name.endsWith('.gift') && gift) return { format: 'gift', text };
  if (aiken && !(gift && name.endsWith('.gift'))) return { format: 'aiken', text };
  if (gift) return { format: 'gift', text };
  return UNKNOWN_FORMAT;
}

/** A first line naming the `question` and `option1` columns (a `question` cell followed by a delimiter). */
function hasHeader(text: string): boolean {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const end = text.indexOf('\n', start);
  const firstLine = text.slice(start, end < 0 ? text.length : end).toLowerCase();
  if (!firstLine.includes('option1')) return false;
  const cells = firstLine.split(/[,;\t]/);
  // The last cell is followed by no delimiter.
  return cells.slice(0, -1).some((cell) => cell.trim().replace(/^"/, '').replace(/"$/, '').trim() === 'question');
}

/**
 * An answer block: an unescaped `{`, then before any `}` an unescaped `=` or `~` (not straight after
 * the `{`), in one pass.
 */
function hasAnswerBlock(text: string): boolean {
  let open = -1;
  for (let at = 2; at < text.length; at++) {
    const seen = at - 2;
    const c = text[seen];
    if (c === '{' && (seen === 0 || text[seen - 1] !== '\\')) open = seen;
    else if (c === '}') open = -1;
    const mark = text[at];
    if (open >= 0 && (mark === '=' || mark === '~') && text[at - 1] !== '\\') return true;
  }
  return false;
}

/**
 * A line that starts (after blanks) with a `::title::`. The blanks may not span lines: `^\s*` could,
 * and then every line of a file of blank lines rescanned all the lines after it.
 */
const hasTitle = (text: string) => /^[^\S\n\r\u2028\u2029]*::.+::/m.test(text);

/** Reads the file in its format; a sentence (never an exception) when it is no question file. */
export async function parseQuestionFile(bytes: Uint8Array, fileName: string): Promise<ParsedFile | string> {
  const detected = detectFormat(bytes, fileName);
  if (typeof detected === 'string') return detected;
  switch (detected.format) {
    case 'xlsx':
      return parseXlsx(bytes);
    case 'csv':
      return parseCsv(detected.text);
    case 'aiken':
      return parseAiken(detected.text);
    case 'gift':
      return parseGift(detected.text);
  }
}
