#!/usr/bin/env node
// Insight benchmark (prints figures; not a test): the MCQ item analysis of the demo's largest paper
// (7,216 scripts of 50 questions at --scale 500) and the watch coverage of its largest course, each
// asked alone (one call at a time, after warm-up), as the insight service asks them: the one SQL
// statement and the arithmetic, without HTTP. Also prints whether PostgreSQL's plan reads the
// answers and watch records through their indexes. Goal, printed beside the figure: item analysis
// <= 300 ms on PostgreSQL at --scale 500.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:insight
//       # a scratch database on that server, seeded at scale 500 (BENCH_SCALE), dropped at the end
//   BENCH_SEEDED_DATABASE_URL=postgres://…/valence_seeded npm run bench:insight
//       # a database already seeded with `npm run seed:demo`: read only, nothing seeded or dropped
//   npm run bench:insight                               # PGlite in a temp DATA_DIR, scale 50
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { itemAnalysisOf } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { root } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';

const seededUrl = process.env.BENCH_SEEDED_DATABASE_URL;
const adminUrl = process.env.BENCH_DATABASE_URL;
const postgres = Boolean(seededUrl || adminUrl);
const scale = Number(process.env.BENCH_SCALE ?? (postgres ? 500 : 50));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const GOAL_MS = 300;

const session = createSession({ limitMs: 45 * 60_000 });
const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);

/** Milliseconds of each of RUNS calls after two warm-up calls. */
async function timed(work) {
  for (let i = 0; i < 2; i++) await work();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { min: times[0], median: at(0.5), p90: at(0.9) };
}

const ms = (value) => `${value.toFixed(1)} ms`;
const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);

/** The plan's scans of these tables: "Index …" or "Seq Scan" for each. */
async function scans(db, sql, query, tables) {
  const [row] = rowsOf(await db.execute(sql`explain (format json) ${query}`));
  const plan = row['QUERY PLAN'];
  const found = [];
  const walk = (node) => {
    if (tables.includes(node['Relation Name']))
      found.push(
        `${node['Relation Name']}: ${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`,
      );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((Array.isArray(plan) ? plan : JSON.parse(plan))[0].Plan);
  return [...new Set(found)];
}

/**
 * The database backend's own CPU seconds for the statement (PostgreSQL's executor statistics; a
 * superuser setting): on a machine shared with other work, the wall-clock figure also holds the time
 * spent waiting for a core, this one does not. Null when the role may not ask for it.
 */
async function backendCpu(databaseUrl, query) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seconds = [];
  client.on('notice', (notice) => {
    const match = /([\d.]+) s user, ([\d.]+) s system/.exec(notice.detail ?? notice.message ?? '');
    if (match) seconds.push(Number(match[1]) + Number(match[2]));
  });
  try {
    await client.query('set client_min_messages = log');
    await client.query('set log_executor_stats = on');
    for (let i = 0; i < 5; i++) await client.query(text, params);
    return seconds.length ? Math.min(...seconds) * 1000 : null;
  } catch (error) {
    console.log(`  (no CPU figure: ${error.message})`);
    return null;
  } finally {
    await client.end();
  }
}

async function main() {
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });
  const dataDir = path.join(session.tempDir('valence-bench-insight-'), 'data');
  let databaseUrl = seededUrl;
  if (!seededUrl) {
    if (adminUrl) databaseUrl = await session.scratchDatabase(adminUrl);
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password-1',
    };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    console.log(`Seeding the demo class at scale ${scale} ...`);
    await session.runScript(
      'The seed',
      ['apps/server/dist/seed/seed-demo.js', '--scale', String(scale)],
      env,
      30 * 60_000,
    );
  }

  const { openDatabase } = await dist('db/client.js');
  const { itemSums, itemSumsSql } = await dist('modules/insight/reads-item-analysis.js');
  const { courseCoverage, courseCoverageSql } = await dist('modules/insight/reads-watch-coverage.js');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  session.onCleanup(() => database.close());
  const { db } = database;

  const [paper] = rowsOf(
    await db.execute(sql`select s.exam_id as id, count(*)::int as scripts,
        (select count(*)::int from mcq_questions q where q.exam_id = s.exam_id) as questions
      from submissions s join exams e on e.id = s.exam_id where e.exam_type = 'MCQ'
      group by s.exam_id order by scripts desc limit 1`),
  );
  const [course] = rowsOf(
    await db.execute(
      sql`select course_id as id, count(*)::int as students from enrollments group by course_id order by students desc limit 1`,
    ),
  );
  if (!seededUrl) {
    // The demo's watch records come whole (no segments); give those of this course's lectures the
    // segments they would have had, so the coverage figure includes the union of segments.
    await db.execute(sql`update watch_time w set segments = jsonb_build_array(jsonb_build_array(0, least(w.watched_duration, r.duration)))
      from resources r where r.id = w.resource_id and r.course_id = ${course.id} and r.duration > 0`);
  }

  console.log(`\nItem analysis: exam ${paper.id}, ${paper.scripts} scripts of ${paper.questions} questions`);
  let analysis;
  const item = await timed(async () => {
    const { paper: sums, items } = await itemSums(db, paper.id);
    analysis = itemAnalysisOf(paper.id, sums, items);
  });
  console.log(
    `  alone: min ${ms(item.min)}, median ${ms(item.median)}, p90 ${ms(item.p90)} (goal <= ${GOAL_MS} ms at scale 500 on PostgreSQL)`,
  );
  const itemCpu = databaseUrl ? await backendCpu(databaseUrl, itemSumsSql(paper.id)) : null;
  if (itemCpu !== null) console.log(`  the database's CPU time for it: min ${ms(itemCpu)}`);
  console.log(`  sitters ${analysis.sitters}, mean ${analysis.mean?.toFixed(2)}, KR-20 ${analysis.kr20?.toFixed(3)}`);

  console.log(`\nWatch coverage: course ${course.id}, ${course.students} students`);
  const coverage = await timed(() => courseCoverage(db, course.id, 20));
  const lectures = await courseCoverage(db, course.id, 20);
  console.log(
    `  alone: min ${ms(coverage.min)}, median ${ms(coverage.median)}, p90 ${ms(coverage.p90)} (${lectures.length} lectures)`,
  );
  const coverageCpu = databaseUrl ? await backendCpu(databaseUrl, courseCoverageSql(course.id, 20)) : null;
  if (coverageCpu !== null) console.log(`  the database's CPU time for it: min ${ms(coverageCpu)}`);

  if (postgres) {
    console.log('\nPlans (PostgreSQL):');
    for (const line of await scans(db, sql, itemSumsSql(paper.id), [
      'submissions',
      'submission_answers',
      'mcq_questions',
      'mcq_options',
    ]))
      console.log(`  item analysis   ${line}`);
    for (const line of await scans(db, sql, courseCoverageSql(course.id, 20), [
      'watch_time',
      'enrollments',
      'resources',
      'accounts',
    ]))
      console.log(`  watch coverage  ${line}`);
  }
}

session.main(main);
