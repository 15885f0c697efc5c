// bench:api's printed report: one row a call beside the goal it is held to (printed, not asserted),
// then what the figures depend on (scale, machine load, server memory), so a reader can judge them.
// Every figure under load is the median of the runs, with the lowest and highest beside it; a goal
// is "met" only when the median meets it, that is in most runs, never on one figure alone.
import os from 'node:os';
import { median, spread } from './bench-kit.mjs';

const number = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Slow calls manage a few answers in a run: keep a decimal below 100 req/s. */
export const rate = (value) => number(value, value < 100 ? 1 : 0);

/** The goal of paged staff reads on PostgreSQL: half the bare route that makes one query, p99 <= 100 ms. */
export const PAGED_GOAL = { p99: 100, ratio: null, dbRatio: 0.5 };
/** While 4 clients pull the whole student list, the Students screen's page keeps p99 <= 150 ms. */
const UNDER_PULLS_P99 = 150;

const HEADER = [
  'call',
  'bytes',
  'alone ms',
  'req/s (min-max)',
  'p50 ms',
  'p99 ms (min-max)',
  'CPU us',
  'bare req/s',
  'ratio',
  'bare+query req/s',
  'ratio',
  'CPU us',
  'goal',
];
/** Columns of text, left-aligned; the figures are right-aligned. */
const LEFT = new Set([0, 12]);

/**
 * CPU per answer, median of the runs: the answering process's, then PostgreSQL's ("207+133"), or the
 * server's alone on the embedded store (its database runs inside it).
 */
function cpuText(loads, onPostgres) {
  const known = loads.filter((one) => one?.cpu);
  if (known.length === 0) return '-';
  const server = number(median(known.map((one) => one.cpu.serverUs)));
  return onPostgres ? `${server}+${number(median(known.map((one) => one.cpu.postgresUs)))}` : server;
}

function tableRow({ call, single, runs }, runGoals, duration, onPostgres) {
  const slower = `> ${number(duration * 1000)}`;
  const goals = call.goal ?? (onPostgres && call.paged ? PAGED_GOAL : runGoals);
  const rps = spread(
    runs.map((run) => run.real.rps),
    rate,
  );
  const p99 = spread(
    runs.map((run) => run.real.p99),
    (value) => number(value, 1),
  );
  const p50 = median(runs.map((run) => run.real.p50 ?? Number.POSITIVE_INFINITY));
  const ratio = median(runs.map((run) => run.real.rps / run.baseline.rps));
  const dbRatio = onPostgres ? median(runs.map((run) => run.real.rps / run.withDb.rps)) : null;
  // Counted run by run, so a goal met on one lucky run among three shows as such.
  const metIn = runs.filter((run) => {
    if (run.real.p99 === null || run.real.p99 > goals.p99) return false;
    if (goals.ratio !== null && goals.ratio !== undefined && run.real.rps / run.baseline.rps < goals.ratio)
      return false;
    if (goals.dbRatio && run.withDb && run.real.rps / run.withDb.rps < goals.dbRatio) return false;
    return true;
  }).length;
  const met = metIn * 2 > runs.length;
  const failures = runs.reduce((sum, run) => sum + run.real.failures, 0);
  const silent = runs.some((run) => run.real.answered === 0);
  const notes = [
    silent ? `no answer within ${duration} s in a run` : '',
    failures ? `${number(failures)} failed` : '',
  ].filter(Boolean);
  const goalText = [
    `p99 <= ${goals.p99} ms`,
    goals.ratio ? `ratio >= ${goals.ratio}` : '',
    goals.dbRatio ? `>= ${goals.dbRatio} of bare+query` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [
    call.name,
    number(call.body.length),
    number(single, 1),
    rps?.text ?? '0',
    Number.isFinite(p50) ? number(p50, 1) : slower,
    p99?.text ?? slower,
    cpuText(
      runs.map((run) => run.real),
      onPostgres,
    ),
    rate(median(runs.map((run) => run.baseline.rps))),
    number(ratio, ratio < 0.01 && ratio > 0 ? 4 : 2),
    onPostgres ? rate(median(runs.map((run) => run.withDb.rps))) : '-',
    dbRatio === null ? '-' : number(dbRatio, 2),
    onPostgres
      ? cpuText(
          runs.map((run) => run.withDb),
          true,
        )
      : '-',
    `${met ? 'met' : 'NOT met'} in ${metIn} of ${runs.length} (${goalText})${notes.length ? ` (${notes.join(', ')})` : ''}`,
  ];
}

/**
 * The scripts list of the largest exam against the same list of an exam a fifth of its size: with the
 * counts kept rather than recounted, its req/s should be within 20 % (ratio >= 0.8).
 */
function scriptListsByExamSize(rows) {
  const lists = rows
    .map((row) => ({
      row,
      match: /^GET \/api\/api\/v1\/submissions\/exam\/\{id\}\?limit=6&(.*) \(([\d,]+) scripts\)$/.exec(row.call.name),
    }))
    .filter((entry) => entry.match);
  const byQuery = new Map();
  for (const { row, match } of lists) {
    const list = byQuery.get(match[1]) ?? [];
    list.push({ scripts: Number(match[2].replaceAll(',', '')), rps: median(row.runs.map((run) => run.real.rps)) });
    byQuery.set(match[1], list);
  }
  const lines = [];
  for (const [query, list] of byQuery) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.scripts - b.scripts);
    const small = list[0];
    const large = list.at(-1);
    const ratio = large.rps / small.rps;
    lines.push(
      `    ${query}: ${rate(large.rps)} req/s at ${number(large.scripts)} scripts, ${rate(small.rps)} at ${number(small.scripts)}: ${number(ratio, 2)} (${ratio >= 0.8 ? 'met' : 'NOT met'}: >= 0.8)`,
    );
  }
  return lines;
}

/**
 * Prints the report. `run`: { databaseUrl, scale, duration, runs, goals, rows, underPulls, found (from
 * findCalls), seedSeconds, load: { before, after }, rss: { afterSeed, afterRun, peak } }.
 */
export function printReport(run) {
  const { databaseUrl, scale, duration, goals, rows, found, seedSeconds, load, rss, underPulls } = run;
  const onPostgres = Boolean(databaseUrl);
  const table = [HEADER, ...rows.map((row) => tableRow(row, goals, duration, onPostgres))];
  const widths = HEADER.map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const line = (row) =>
    row.map((cell, column) => (LEFT.has(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column])));

  const studentCount = 40 * scale;
  console.log(
    `\nAPI benchmark (database: ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}, scale ${scale}: ${number(studentCount)} students, ${number(found.courseCount)} courses; the course measured has ${number(found.enrolmentCount)} enrolments; ${os.cpus().length} cores, load average ${number(load.before, 1)} before the load and ${number(load.after, 1)} after: other work on the machine skews the figures)`,
  );
  console.log(`  seeded in ${number(seedSeconds, 1)} s; each call and its bare routes loaded ${run.runs} times`);
  console.log('');
  for (const row of table) console.log(`  ${line(row).join('  ').trimEnd()}`);
  console.log(
    `\n  goal (${goals.at}): p99 <= ${goals.p99} ms${goals.ratio === null ? '' : ` and ratio >= ${goals.ratio}`}${onPostgres ? `; paged staff reads: p99 <= ${PAGED_GOAL.p99} ms and >= ${PAGED_GOAL.dbRatio} of the bare route with one query` : ''}${studentCount === goals.students ? '' : ` (this run has ${number(studentCount)} students: figures not at the goal's size)`}`,
  );
  console.log(
    '  alone = median of 5 requests one at a time; req/s, p50, p99 under load (32 connections), median of the runs (lowest-highest); ratio = req/s / bare req/s (a bare Fastify route answering the same bytes); bare+query = that route after one PostgreSQL query through a pool of the same size',
  );
  console.log(
    `  CPU us = CPU time per answer under load, the answering server's${onPostgres ? " + all PostgreSQL processes'" : ''} (median of the runs): the server, the database and this load generator share ${os.cpus().length} cores, so a call needing S us in all answers at most ${number(os.cpus().length)} x 1,000,000 / S req/s, less the load generator's share; bare+query's \`SELECT 1\` costs PostgreSQL next to nothing, a real page's statement does not`,
  );
  const bySize = scriptListsByExamSize(rows);
  if (bySize.length) {
    console.log('  the scripts list, largest exam against a smaller one (counts kept, not recounted):');
    for (const text of bySize) console.log(text);
  }
  if (underPulls) {
    const p99s = underPulls.results.map((result) => result.p99 ?? Number.POSITIVE_INFINITY);
    const mid = median(p99s);
    const metIn = p99s.filter((value) => value <= UNDER_PULLS_P99).length;
    console.log(
      `  ${underPulls.name} while 4 clients pull the whole /api/students: p99 ${number(mid, 1)} ms (${number(Math.min(...p99s), 1)}-${number(Math.max(...p99s), 1)}), ${rate(median(underPulls.results.map((result) => result.rps)))} req/s, ${number(median(underPulls.results.map((result) => result.pulls)))} whole lists a run: ${metIn * 2 > p99s.length ? 'met' : 'NOT met'} in ${metIn} of ${p99s.length} (p99 <= ${UNDER_PULLS_P99} ms)`,
    );
  }
  if (found.skipped.length)
    console.log(`  not measured (the server answers them unpaged): ${found.skipped.join(', ')}`);
  console.log(
    `  server RSS: ${number(rss.afterSeed ?? 0, 1)} MB after start on the seeded database, ${number(rss.afterRun ?? 0, 1)} MB after the run (peak ${number(rss.peak ?? 0, 1)} MB)`,
  );
}
