/**
 * Text a spreadsheet would run as a formula when the file is opened (OWASP "CSV injection"): a
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return. Quotes before such a start
 * are counted too, so that guarding is undone exactly: a text that already starts with `'=` is
 * written `''=` and read back as `'=`.
 */
const RUNS_AS_FORMULA = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A cell as every CSV and workbook the server writes holds it: text that a spreadsheet would run
 * is prefixed with a single quote, so it shows as text; numbers and blanks are left as they are.
 */
export function guardCell<T>(value: T): T | string {
  return typeof value === 'string' && RUNS_AS_FORMULA.test(value) ? `'${value}` : value;
}

/** The text `guardCell` was given, for an import that reads back what an export wrote. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}
