const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter a CSV file's header row uses most (a comma when it uses none), so a spreadsheet
 * saved with semicolons reads too. Papa's own guess parses the whole file once per delimiter it
 * tries, which made a 5 MB file of quotes take seconds.
 */
export function csvDelimiterOf(text: string): string {
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
