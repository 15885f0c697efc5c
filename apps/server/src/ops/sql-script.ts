/**
 * Splits a plain-format pg_dump script into statements: a `;` ends one only outside quotes,
 * quoted identifiers, dollar-quoted bodies and comments. psql meta-commands (`\restrict`, `\.`)
 * are dropped: the dumps a backup holds use INSERTs, never COPY, so no data follows them.
 */
export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (!isBlank(text)) statements.push(text);
  };
  while (i < n) {
    const c = script[i] as string;
    // A meta-command stands on a line of its own between statements, never inside one.
    if (c === '\\' && (i === 0 || script[i - 1] === '\n') && isBlank(script.slice(start, i))) {
      const end = script.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      start = i;
      continue;
    }
    if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      // A doubled quote inside is an escaped one: the scan simply leaves and re-enters.
      const end = script.indexOf(c, i + 1);
      i = end < 0 ? n : end + 1;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_0-9]*\$/.exec(script.slice(i, i + 64));
      if (tag && !/^\$\d/.test(tag[0])) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
      } else {
        i += 1;
      }
    } else if (c === ';') {
      push(i + 1);
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  push(n);
  return statements;
}

/**
 * The configuration parameter a `SET name = …` statement sets, if it is one. A dump made by a newer
 * PostgreSQL (PGlite's) sets parameters an older server does not know, such as transaction_timeout.
 */
export function setParameter(statement: string): string | undefined {
  return /^SET\s+([A-Za-z_.]+)\s*(=|TO)/i.exec(statement)?.[1]?.toLowerCase();
}

/** Joins statements into batches of about `maxChars`, so a large dump runs in few round trips. */
export function* batches(statements: string[], maxChars = 1 << 20): Generator<string> {
  let batch: string[] = [];
  let size = 0;
  for (const statement of statements) {
    batch.push(statement.endsWith(';') ? statement : `${statement};`);
    size += statement.length;
    if (size >= maxChars) {
      yield batch.join('\n');
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield batch.join('\n');
}

/** Only whitespace and line comments. */
function isBlank(text: string): boolean {
  return /^\s*(--[^\n]*(\n\s*|$))*$/.test(text);
}

/**
 * A dump's statements as this server can run them: a newer PostgreSQL's dump (PGlite's) sets
 * parameters an older server lacks, such as transaction_timeout; their defaults are what it needs.
 */
export function replayableStatements(script: string, knownSettings: ReadonlySet<string>): string[] {
  return splitSqlScript(script).filter((statement) => {
    const parameter = setParameter(statement);
    return parameter === undefined || knownSettings.has(parameter);
  });
}
