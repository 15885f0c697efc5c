#!/usr/bin/env node
// Gradebook export benchmark (prints figures; not a test): a course of 20,000 enrolled students with
// two exam identifiers (T1: MCQ and PART II, T2: MCQ), written straight into a scratch PostgreSQL
// database, then the built server's CSV and XLSX downloads read to their end. Prints each one's time
// to the first byte and to the last, its size and rows, and the server's resident memory before and
// at its highest while it streamed (sampled every 20 ms): streaming keeps the growth flat whatever
// the class size. Goal (printed, not asserted): the CSV of 20,000 rows within 3 s.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-gradebook-export.mjs
//   BENCH_STUDENTS=5000 ...   # another class size
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, procMb, root, serverEnv, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const students = Number(process.env.BENCH_STUDENTS ?? 20_000);
if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (a scratch database is made there).');
if (!Number.isInteger(students) || students < 1 || students > 200_000) throw new Error('BENCH_STUDENTS: 1..200000');

const admin = { username: 'bench-admin', password: randomBytes(12).toString('hex') };
const session = createSession({ limitMs: 15 * 60_000 });
const tmp = session.tempDir('valence-bench-gradebook-');

/** The class, in a few statements: students, enrolments, exams and scripts made by generate_series. */
async function seed(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const course = await client.query(
      `insert into courses (title, description) values ('Gradebook bench', '20,000 students') returning id`,
    );
    const courseId = course.rows[0].id;
    await client.query(
      `insert into accounts (username, name, password_hash, role)
       select 'gb-' || lpad(n::text, 6, '0'), 'Student ' || n, 'x', 'ROLE_STUDENT' from generate_series(1, $1::int) n`,
      [students],
    );
    await client.query(
      `insert into enrollments (course_id, student_id)
       select $1::int, id from accounts where username like 'gb-%'`,
      [courseId],
    );
    const exam = async (type, identifier) =>
      (
        await client.query(
          `insert into exams (course_id, title, description, due_date, exam_type, exam_identifier, published)
           values ($1::int, $2, 'bench', now(), $3, $2, true) returning id`,
          [courseId, identifier, type],
        )
      ).rows[0].id;
    const t1Mcq = await exam('MCQ', 'BENCH_T1');
    const t1Two = await exam('TRADITIONAL', 'BENCH_T1');
    const t2Mcq = await exam('MCQ', 'BENCH_T2');
    // Every student sat T1's MCQ; three in four handed in PART II, half of all marked; half sat T2.
    await client.query(
      `insert into submissions (exam_id, student_id, mcq_score)
       select $1::int, id, (id % 51)::float8 from accounts where username like 'gb-%'`,
      [t1Mcq],
    );
    await client.query(
      `insert into submissions (exam_id, student_id, traditional_score)
       select $1::int, id, case when id % 2 = 0 then (id % 101)::float8 end from accounts
       where username like 'gb-%' and id % 4 <> 1`,
      [t1Two],
    );
    await client.query(
      `insert into submissions (exam_id, student_id, mcq_score)
       select $1::int, id, (id % 37)::float8 from accounts where username like 'gb-%' and id % 2 = 0`,
      [t2Mcq],
    );
    await client.query('commit');
    await client.query('analyze');
    return courseId;
  } finally {
    await client.end();
  }
}

/** Reads the download to its end while sampling the server's memory. */
async function measure(url, headers, pid) {
  const rssBefore = procMb(pid, 'VmRSS');
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, procMb(pid, 'VmRSS') ?? 0);
  }, 20);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let firstByte = null;
  let bytes = 0;
  let newlines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    bytes += value.length;
    for (const byte of value) if (byte === 10) newlines++;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  return { firstByte, total, bytes, newlines, rssBefore, rssPeak };
}

const mb = (value) => `${value.toFixed(1)} MB`;
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

async function main() {
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({ dataDir: path.join(tmp, 'data'), port, admin });
  env.DATABASE_URL = await session.scratchDatabase(databaseUrl);
  const server = await session.startServer(env, base);
  const seedStart = performance.now();
  const courseId = await seed(env.DATABASE_URL);
  console.log(`Seeded ${students.toLocaleString('en-US')} enrolled students in ${ms(performance.now() - seedStart)}.`);
  const headers = { authorization: `Bearer ${(await signIn(base, admin)).jwtToken}` };

  // A first small read warms the server's statements and the database's cache.
  await measure(`${base}/api/courses/${courseId}/gradebook?limit=20`, headers, server.pid);
  console.log(
    `\n${'export'.padEnd(8)} ${'first byte'.padStart(11)} ${'all'.padStart(9)} ${'size'.padStart(10)} ${'lines'.padStart(7)}  server RSS before → peak (growth)`,
  );
  for (const [name, suffix] of [
    ['CSV', 'gradebook.csv'],
    ['CSV', 'gradebook.csv'],
    ['XLSX', 'gradebook.xlsx'],
  ]) {
    const r = await measure(`${base}/api/courses/${courseId}/${suffix}`, headers, server.pid);
    console.log(
      `${name.padEnd(8)} ${ms(r.firstByte).padStart(11)} ${ms(r.total).padStart(9)} ${mb(r.bytes / 1024 / 1024).padStart(10)} ${String(r.newlines).padStart(7)}  ${mb(r.rssBefore)} → ${mb(r.rssPeak)} (+${mb(r.rssPeak - r.rssBefore)})`,
    );
  }
  console.log(
    `\nGoal: the CSV of ${(20_000).toLocaleString('en-US')} rows within 3 s, memory flat (a batch of 1,000 students at a time).`,
  );
}

session.main(main);
