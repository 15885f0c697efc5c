// bench:api's printed report: one row a call beside the goal it is held to (printed, not asserted),
// then what the figures depend on (scale, machine load, server memory), so a reader can judge them.
import os from 'node:os';

const number = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Slow calls manage a few answers in a run: keep a decimal below 100 req/s. */
export const rate = (value) => number(value, value < 100 ? 1 : 0);

const HEADER = ['call', 'bytes', 'alone ms', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'ratio', 'goal'];
/** Columns of text, left-aligned; the figures are right-aligned. */
const LEFT = new Set([0, 8]);

function tableRow({ call, single, real, baseline }, runGoals, duration) {
  const slower = `> ${number(duration * 1000)}`;
  const ratio = real.rps / baseline.rps;
  // A call may be held to a goal of its own (the gradebook's), printed beside the verdict.
  const goals = call.goal ?? runGoals;
  const met = real.p99 !== null && real.p99 <= goals.p99 && (goals.ratio === null || ratio >= goals.ratio);
  const notes = [
    real.answered === 0 ? `no answer within ${duration} s` : '',
    real.failures ? `${number(real.failures)} failed` : '',
  ].filter(Boolean);
  return [
    call.name,
    number(call.body.length),
    number(single, 1),
    rate(real.rps),
    real.p50 === null ? slower : number(real.p50, 1),
    real.p99 === null ? slower : number(real.p99, 1),
    rate(baseline.rps),
    number(ratio, ratio < 0.01 && ratio > 0 ? 4 : 2),
    `${met ? 'met' : 'NOT met'}${call.goal ? ` (p99 <= ${call.goal.p99} ms)` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`,
  ];
}

/**
 * Prints the report. `run`: { databaseUrl, scale, duration, goals, rows, found (from findCalls),
 * seedSeconds, load: { before, after }, rss: { afterSeed, afterRun, peak } }.
 */
export function printReport(run) {
  const { databaseUrl, scale, duration, goals, rows, found, seedSeconds, load, rss } = run;
  const table = [HEADER, ...rows.map((row) => tableRow(row, goals, duration))];
  const widths = HEADER.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const line = (row) =>
    row.map((cell, column) => (LEFT.has(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column])));

  const studentCount = 40 * scale;
  console.log(
    `\nAPI benchmark (database: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, scale ${scale}: ${number(studentCount)} students, ${number(found.courseCount)} courses; the course measured has ${number(found.enrolmentCount)} enrolments; ${os.cpus().length} cores, load average ${number(load.before, 1)} before the load and ${number(load.after, 1)} after: other work on the machine skews the figures)`,
  );
  console.log(`  seeded in ${number(seedSeconds, 1)} s`);
  console.log('');
  for (const row of table) console.log(`  ${line(row).join('  ').trimEnd()}`);
  console.log(
    `\n  goal (${goals.at}): p99 <= ${goals.p99} ms${goals.ratio === null ? '' : ` and ratio >= ${goals.ratio}`}${studentCount === goals.students ? '' : ` (this run has ${number(studentCount)} students: figures not at the goal's size)`}`,
  );
  console.log(
    '  alone = median of 5 requests one at a time; req/s, p50, p99 under load; ratio = req/s / bare req/s (a bare Fastify route answering the same bytes)',
  );
  if (found.skipped.length)
    console.log(`  not measured (the server answers them unpaged): ${found.skipped.join(', ')}`);
  console.log(
    `  server RSS: ${number(rss.afterSeed ?? 0, 1)} MB after start on the seeded database, ${number(rss.afterRun ?? 0, 1)} MB after the run (peak ${number(rss.peak ?? 0, 1)} MB)`,
  );
}
