#!/usr/bin/env node
// Exam-day benchmark (prints figures; not a test). One class sits a 50-question MCQ through the
// students' app calls: every student signs in before the paper opens; then all open the exam list
// and the paper (200 at a time), save a draft answer per question over a few minutes, and hand in
// within one minute of each other. It prints p50/p99 and errors per step and how many students a
// second got their paper, then checks in the database that every acknowledged submission is there
// exactly once with all its answers. Goals (2 cores): 0 lost or duplicated, 0 errors; on PostgreSQL
// exam list p99 ≤ 500 ms, submit p99 ≤ 1 s, draft p99 ≤ 300 ms, ≥ 150 students a second open the
// paper; on the embedded store sign-in, the exam list, the paper and submit each p99 ≤ 1 s. It
// also prints the CPU time the server, PostgreSQL and this load generator used during the exam: all
// three share the machine.
//
//   npm run bench:exam-day                               # PostgreSQL at 127.0.0.1:5432, 2,000 students
//   BENCH_STUDENTS=300 BENCH_DATABASE_URL=embedded npm run bench:exam-day    # the embedded store
//   BENCH_OPENING_AT_ONCE=0 npm run bench:exam-day       # the whole class opens in the same millisecond
//   BENCH_DRAFT_SECONDS=60 BENCH_SUBMIT_SECONDS=60 BENCH_QUESTIONS=50 npm run bench:exam-day
//   BENCH_SIGNIN_SECONDS=60 BENCH_STUDENTS=300 BENCH_DATABASE_URL=embedded npm run bench:exam-day
//       # the class signs in over a minute instead of 9 s
//   BENCH_TIME_LIMIT_MINUTES=5 BENCH_DRAFT_SECONDS=120 BENCH_SUBMIT_SECONDS=60 npm run bench:exam-day
//       # a timed paper: it opens at one instant (opensAt), the whole class presses Start in that same
//       # second, and one student in ten never hands in: the server must hand their last draft in
//       # within 60 s of their deadline (checked on the staff's sittings list)
//
// Students on a class's phones come from many addresses: the server runs with TRUST_PROXY=true and
// each student sends its own X-Forwarded-For, so the per-address sign-in limits see a class, not one
// machine hammering the door.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { cpuNow, cpuSince, freePort, root, serverEnv, signIn } from './lib/bench-kit.mjs';
import { createSession } from './lib/bench-session.mjs';

const int = (name, fallback, min, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min}..${max}`);
  return value;
};
const students = int('BENCH_STUDENTS', 2000, 1, 20000);
const questions = int('BENCH_QUESTIONS', 50, 1, 200);
const draftSeconds = int('BENCH_DRAFT_SECONDS', 120, 1, 3600);
/**
 * How many students open the list and the paper at the same moment when the exam opens (the rest
 * wait for one of them to get their paper): 200, as phones in an exam hall tap over the first
 * seconds; 0 opens all of them in the same millisecond (the worst case, bounded by throughput).
 */
const openingAtOnce = int('BENCH_OPENING_AT_ONCE', 200, 0, 20000);
const submitSeconds = int('BENCH_SUBMIT_SECONDS', 60, 1, 3600);
/**
 * How long the class waits between the last sign-in and the opening. Past the server's keep-alive
 * timeout (72 s) every phone's connection has been closed, and the opening starts by connecting.
 */
const waitSeconds = int('BENCH_WAIT_SECONDS', 0, 0, 3600);
/**
 * Over how many seconds the class's sign-ins arrive (each student at a random moment of it): by
 * default 30 ms a student up to a minute, rounded up to a second (9 s for 300, 60 s for 2,000).
 * Each sign-in is a password hash check (Argon2id, ~20 ms of CPU), so this rate and the cores set
 * the sign-in figures.
 */
const signinWindow = int('BENCH_SIGNIN_SECONDS', Math.min(60, Math.ceil(students * 0.03)), 0, 3600);
/** A timed paper (minutes; 0: untimed, open from publication, as before). */
const timeLimit = int('BENCH_TIME_LIMIT_MINUTES', 0, 0, 600);
if (timeLimit > 0 && timeLimit * 60 < draftSeconds * 1.5 + submitSeconds + 10) {
  throw new Error('BENCH_TIME_LIMIT_MINUTES must leave room for BENCH_DRAFT_SECONDS × 1.5 + BENCH_SUBMIT_SECONDS');
}
/** Timed: every tenth student never hands in, and is left to the server's hand-in at the deadline. */
const neverHandsIn = (i) => timeLimit > 0 && i % 10 === 0;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const embedded = databaseUrl === 'embedded';
const admin = { username: 'bench-owner', password: 'bench-owner-password' };
const PASSWORD = 'exam-day-password';

const session = createSession({ limitMs: 60 * 60_000 });

/** Latencies (ms) and failures of one kind of call. */
function meter() {
  const times = [];
  const errors = new Map();
  return {
    times,
    errors,
    ok: (ms) => times.push(ms),
    fail: (what) => errors.set(what, (errors.get(what) ?? 0) + 1),
  };
}
const meters = { signin: meter(), list: meter(), start: meter(), paper: meter(), draft: meter(), submit: meter() };
/** Timed: each student's Start and paper together (ms), from pressing Start to having the questions. */
const startAndPaper = [];
/** Each answered draft save: when it was sent, and how long it took (to tell the opening from the rest). */
const draftTimes = [];
/** Each answered exam list: when it was sent, and how long it took (which of the opening waited). */
const listTimes = [];
/** Calls sent again because their kept connection had just been closed by the server (see `call`). */
let staleRetries = 0;
/**
 * This load generator's own event-loop delay from the opening on: a timer or an answer it could not
 * handle at once waits this long, and every latency it measures includes that wait.
 */
const benchLoopDelay = monitorEventLoopDelay({ resolution: 10 });

/** A copy of `values`, smallest first (what `quantile` reads). */
const ascending = (values) => [...values].sort((a, b) => a - b);
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, at most `limit` at a time. */
async function pool(items, limit, task) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  });
  await Promise.all(workers);
}

/**
 * Keep-alive connections. The set-up's calls share `agent`; each student's phone holds a connection
 * of its own (`phone`), kept open from the sign-in on as a phone's browser keeps it (the server
 * closes one idle for longer than its keep-alive timeout, 72 s). A shared pool would hold only as many
 * connections as were in flight at once, so how fast the sign-ins went would decide how many the
 * opening must first connect. node:http rather than fetch: measured here, fetch spent about 0.35 ms
 * more CPU a request than http.request, and on two cores that CPU is taken from the server under
 * test. Like a phone's browser (and fetch) each call accepts compressed answers, so the server
 * compresses as it would.
 */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 4096 });
const phones = new Set();
const phone = () => {
  const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
  phones.add(own);
  return own;
};
/** The phones' connections still open, busy or idle. */
const openConnections = () =>
  [...phones]
    .flatMap((pool) => [...Object.values(pool.sockets), ...Object.values(pool.freeSockets)])
    .reduce((sum, sockets) => sum + sockets.length, 0);
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The answer's body as text, undoing the compression the server chose. */
function decoded(buffer, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(buffer).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(buffer).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(buffer).toString('utf8');
  return buffer.toString('utf8');
}

/** One JSON call (or one multipart form, through fetch: only the set-up sends those). */
async function call(base, method, url, { token, body, address, form, via = agent } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers['x-forwarded-for'] = address;
  if (form) {
    const response = await fetch(`${base}/api${url}`, { method, headers, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  let payload;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  headers['accept-encoding'] = ACCEPT_ENCODING;
  const send = () =>
    new Promise((resolve, reject) => {
      const request = http.request(`${base}/api${url}`, { method, headers, agent: via }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const text = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
            resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null });
          } catch (error) {
            reject(error);
          }
        });
      });
      request.on('error', (error) => {
        error.staleConnection = request.reusedSocket && error.code === 'ECONNRESET';
        reject(error);
      });
      request.end(payload);
    });
  // A kept connection the server closed as it sat idle (its keep-alive timeout) is reset when reused
  // at that moment, before the server read anything: a browser sends the request again on a new
  // connection, and so does this phone.
  return send().catch((error) => {
    if (!error.staleConnection) throw error;
    staleRetries += 1;
    return send();
  });
}

/** A call timed into `m`; a status other than `expected` is an error named by status and message. */
async function timed(m, base, method, url, expected, options) {
  const start = performance.now();
  try {
    const answer = await call(base, method, url, options);
    if (answer.status === expected) m.ok(performance.now() - start);
    else m.fail(`${answer.status} ${answer.body?.message ?? ''}`.trim());
    return answer;
  } catch (error) {
    m.fail(error.cause?.code ?? error.code ?? error.message);
    return null;
  }
}

async function must(base, method, url, expected, options) {
  const answer = await call(base, method, url, options);
  if (answer.status !== expected) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `YYYY-MM-DDTHH:mm` of `date` in `timeZone`: exam dates are given in the platform's zone. */
function wallClock(date, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function setUp(base) {
  const { jwtToken: staff } = await signIn(base, admin);
  const { timeZone } = await must(base, 'GET', '/settings', 200);
  const course = await must(base, 'POST', '/courses', 201, {
    token: staff,
    body: { title: 'Exam day', description: 'The class that sits the benchmark paper.' },
  });
  const setupStart = performance.now();
  const ids = [];
  // A password hash per account: as many at once as the server has cores to hash with.
  await pool(
    Array.from({ length: students }, (_, i) => i),
    4,
    async (i) => {
      const student = await must(base, 'POST', '/students/signup', 201, {
        token: staff,
        body: { username: `examday${i}`, password: PASSWORD },
      });
      ids[i] = student.id;
    },
  );
  for (let i = 0; i < ids.length; i += 1000) {
    await must(base, 'POST', '/enrollments/bulk', 200, {
      token: staff,
      body: { courseId: course.id, studentIds: ids.slice(i, i + 1000) },
    });
  }
  // Timed: the opening is set an hour ahead until the class has signed in (then two seconds ahead).
  const window =
    (draftSeconds + submitSeconds) * 1000 + 10 * 60_000 + (timeLimit > 0 ? 60 * 60_000 + timeLimit * 60_000 : 0);
  const examForm = new FormData();
  examForm.set(
    'examDTO',
    JSON.stringify({
      courseId: course.id,
      title: 'Exam day MCQ',
      description: `${questions} questions`,
      dueDate: wallClock(new Date(Date.now() + window), timeZone),
      examType: 'MCQ',
      examIdentifier: `EXAMDAY_${Date.now().toString(36).toUpperCase()}`,
      // Timed: closed to the class until the opening is set (`openAt`), an hour ahead meanwhile.
      ...(timeLimit > 0
        ? { timeLimitMinutes: timeLimit, opensAt: wallClock(new Date(Date.now() + 60 * 60_000), timeZone) }
        : {}),
    }),
  );
  const exam = await must(base, 'POST', '/api/v1/exams', 201, { token: staff, form: examForm });
  const questionForm = new FormData();
  questionForm.set(
    'questions',
    JSON.stringify(
      Array.from({ length: questions }, (_, q) => ({
        questionText: `Question ${q + 1}: which of these is \\ce{H2SO4}?`,
        options: ['A', 'B', 'C', 'D', 'E'].map((letter, o) => ({
          optionText: `Option ${letter}`,
          isCorrect: o === q % 5,
        })),
      })),
    ),
  );
  await must(base, 'POST', `/api/v1/exams/${exam.id}/mcq-questions/bulk`, 201, { token: staff, form: questionForm });
  await must(base, 'POST', `/api/v1/exams/${exam.id}/publish`, 200, { token: staff });
  console.log(
    `Set up ${students} students, enrolled, one ${questions}-question MCQ in ${((performance.now() - setupStart) / 1000).toFixed(1)} s.`,
  );
  return { staff, exam };
}

/**
 * One student's exam day: sign in before the start, then at the start open the list and the paper,
 * answer question by question, and hand in in the window.
 */
async function sitting(base, examId, i, starts) {
  const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const via = phone();
  await sleep(starts.signin);
  const signin = await timed(meters.signin, base, 'POST', '/signin', 200, {
    address,
    via,
    body: { username: `examday${i}`, password: PASSWORD },
  });
  const token = signin?.body?.jwtToken;
  starts.signedIn();
  if (!token) return null;
  const { submitAt } = await starts.exam;
  const release = await starts.openingSlot();
  const listSentAt = Date.now();
  const list = await timed(meters.list, base, 'GET', '/me/exams', 200, { token, address, via });
  if (list?.status === 200) listTimes.push({ sentAt: listSentAt, ms: Date.now() - listSentAt });
  const startedAt = performance.now();
  if (timeLimit > 0) await timed(meters.start, base, 'POST', `/me/exams/${examId}/start`, 200, { token, address, via });
  const paper = await timed(meters.paper, base, 'GET', `/me/exams/${examId}`, 200, { token, address, via });
  if (timeLimit > 0 && paper?.status === 200) startAndPaper.push(performance.now() - startedAt);
  release();
  const paperQuestions = paper?.body?.questions ?? [];
  if (paperQuestions.length !== questions) meters.paper.fail(`paper with ${paperQuestions.length} questions`);
  const answers = [];
  const gap = (draftSeconds * 1000) / Math.max(1, paperQuestions.length);
  for (const [q, question] of paperQuestions.entries()) {
    await sleep(gap * (0.5 + Math.random()));
    const option = question.options[(i + q) % question.options.length];
    answers.push({ questionId: question.id, optionId: option.id });
    const sentAt = Date.now();
    const saved = await timed(meters.draft, base, 'PUT', `/api/v1/submissions/exam/${examId}/draft`, 200, {
      token,
      address,
      via,
      body: { answers, revision: q + 1 },
    });
    if (saved?.status === 200) draftTimes.push({ sentAt, ms: Date.now() - sentAt });
  }
  if (neverHandsIn(i)) return null;
  await sleep(Math.max(0, submitAt - Date.now()));
  const submit = await timed(meters.submit, base, 'POST', `/api/v1/submissions/exam/${examId}/mcq`, 201, {
    token,
    address,
    via,
    body: { answers },
  });
  return submit?.status === 201 ? { id: submit.body.id, answers: answers.length } : null;
}

async function check(base, staff, examId, connection) {
  if (embedded) {
    const rows = await must(base, 'GET', `/api/v1/submissions/exam/${examId}`, 200, { token: staff });
    return { rows: rows.map((row) => ({ id: row.id, student: row.studentId, answers: null })) };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select s.id, s.student_id as student, (select count(*)::int from submission_answers a where a.submission_id = s.id) as answers
         from submissions s where s.exam_id = $1`,
      [examId],
    );
    return { rows };
  } finally {
    await client.end();
  }
}

/** Timed: whether every student who never handed in was handed in within 60 s of their deadline. */
let onTime = true;

function report(
  results,
  rows,
  { handedInLate, connectionsAtOpen, signinSeconds, examSeconds, examStartAt, openingSeconds, openingCpu, opened, cpu },
) {
  const line = (name, m) => {
    const sorted = ascending(m.times);
    const errors = [...m.errors.entries()].map(([what, n]) => `${n}× ${what}`).join('; ');
    console.log(
      `${name.padEnd(8)} | ${String(sorted.length).padStart(7)} | ${quantile(sorted, 0.5).toFixed(0).padStart(7)} | ${quantile(sorted, 0.99).toFixed(0).padStart(7)} | ${quantile(sorted, 1).toFixed(0).padStart(7)} | ${errors || 0}`,
    );
  };
  console.log(
    `\nExam day: ${students} students signing in over ${signinWindow} s, ${questions} questions, ${waitSeconds > 0 ? `the exam opening ${waitSeconds} s after the last sign-in, ` : ''}${openingAtOnce > 0 ? `${openingAtOnce}` : 'all'} opening at once, drafts over ${draftSeconds} s, hand-in within ${submitSeconds} s (${embedded ? 'embedded store' : `PostgreSQL, ${process.env.DATABASE_POOL_SIZE ?? 'the default'} pooled connections (DATABASE_POOL_SIZE)`})\n`,
  );
  console.log('step     |     ok  | p50 ms  | p99 ms  | max ms  | errors');
  console.log('-------- | ------- | ------- | ------- | ------- | ------');
  line('sign-in', meters.signin);
  line('list', meters.list);
  if (timeLimit > 0) line('start', meters.start);
  line('paper', meters.paper);
  line('draft', meters.draft);
  line('submit', meters.submit);

  if (timeLimit > 0) {
    const sorted = ascending(startAndPaper);
    console.log(
      `\ntimed: Start + paper for ${sorted.length} students, p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms`,
    );
  }
  const acknowledged = results.filter(Boolean);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lost = acknowledged.filter((ack) => !byId.has(ack.id)).length;
  const perStudent = new Map();
  for (const row of rows) perStudent.set(row.student, (perStudent.get(row.student) ?? 0) + 1);
  const duplicated = [...perStudent.values()].filter((n) => n > 1).length;
  if (handedInLate) {
    const { expected, seen } = handedInLate;
    const delays = ascending([...seen.values()]);
    const within = delays.filter((ms) => ms <= 60_000).length;
    console.log(
      `never handed in by themselves: ${expected}; handed in by the server at their deadline: ${delays.length} (${within} within 60 s, the last ${((delays.at(-1) ?? 0) / 1000).toFixed(0)} s after its deadline, seen on the sittings list every 2 s)`,
    );
    onTime = delays.length === expected && within === expected;
  }
  const short = embedded ? 0 : acknowledged.filter((ack) => byId.get(ack.id)?.answers !== ack.answers).length;
  console.log(
    `\nacknowledged ${acknowledged.length} · in the database ${rows.length} · lost ${lost} · duplicated ${duplicated} · with missing answers ${short}${embedded ? ' (answers not checked on the embedded store)' : ''}`,
  );
  console.log(
    `sign-in: the class was in after ${signinSeconds.toFixed(0)} s (${(students / signinSeconds).toFixed(1)} students a second); the exam, from its opening to the last hand-in: ${examSeconds.toFixed(0)} s`,
  );
  const openingRate = opened / Math.max(openingSeconds, 0.001);
  const openingEnd = examStartAt + openingSeconds * 1000;
  const later = ascending(draftTimes.filter((draft) => draft.sentAt > openingEnd).map((draft) => draft.ms));
  console.log(
    `drafts sent once every student had the paper: ${later.length}, p50 ${quantile(later, 0.5).toFixed(0)} ms, p99 ${quantile(later, 0.99).toFixed(0)} ms (the rest met the opening)`,
  );
  // Slow saves that bunch into a few seconds point at a stall of the whole machine or server (a
  // pause, a disk flush); spread evenly they point at the save itself.
  const slow = draftTimes.filter((draft) => draft.ms > 300);
  const bySecond = new Map();
  for (const draft of slow) {
    const second = Math.floor((draft.sentAt - examStartAt) / 1000);
    bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
  }
  const busiest = [...bySecond.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `drafts over 300 ms: ${slow.length} of ${draftTimes.length}, sent in ${bySecond.size} distinct seconds${busiest.length ? `; the most in one second: ${busiest.map(([second, n]) => `${n} at +${second} s`).join(', ')}` : ''}`,
  );
  // The first students of the opening against the rest: the first wave meets a server that has just
  // been quiet, and, when the phones' connections have closed (BENCH_WAIT_SECONDS), connects first.
  const lists = [...listTimes].sort((a, b) => a.sentAt - b.sentAt);
  const wave = Math.max(1, openingAtOnce);
  const firstWave = ascending(lists.slice(0, wave).map((list) => list.ms));
  const rest = ascending(lists.slice(wave).map((list) => list.ms));
  const slowLists = lists.filter((list) => list.ms > 500);
  console.log(
    `exam list: the first ${firstWave.length} sent p50 ${quantile(firstWave, 0.5).toFixed(0)} ms, p99 ${quantile(firstWave, 0.99).toFixed(0)} ms; the other ${rest.length} p50 ${quantile(rest, 0.5).toFixed(0)} ms, p99 ${quantile(rest, 0.99).toFixed(0)} ms; over 500 ms: ${slowLists.length}${slowLists.length ? `, sent from +${slowLists[0].sentAt - examStartAt} to +${slowLists.at(-1).sentAt - examStartAt} ms` : ''}; connections kept open from the sign-ins when the exam opened: ${connectionsAtOpen}`,
  );
  console.log(`calls sent again on a new connection, their kept one closed by the server as it idled: ${staleRetries}`);
  const ms = (ns) => (ns / 1e6).toFixed(0);
  console.log(
    `this load generator's event-loop delay from the opening on (included in every latency above): p50 ${ms(benchLoopDelay.percentile(50))} ms, p99 ${ms(benchLoopDelay.percentile(99))} ms, max ${ms(benchLoopDelay.max)} ms`,
  );
  console.log(
    `opening: ${opened} students had the list and the paper ${openingSeconds.toFixed(1)} s after the exam opened at ${new Date(examStartAt).toISOString()} (${openingRate.toFixed(0)} students a second)`,
  );
  const cores = os.cpus().length;
  if (openingCpu) {
    const core = (seconds) => `${seconds.toFixed(1)} s (${((100 * seconds) / openingSeconds).toFixed(0)} % of a core)`;
    console.log(
      `CPU during the opening (${openingSeconds.toFixed(1)} s, ${cores} cores): the server ${core(openingCpu.server)}, PostgreSQL ${core(openingCpu.postgres)}, this load generator ${core(openingCpu.bench)}`,
    );
  }
  const available = examSeconds * cores;
  const share = (seconds) => `${seconds.toFixed(0)} s (${((100 * seconds) / available).toFixed(0)} %)`;
  console.log(
    `CPU from the opening to the last hand-in (${available.toFixed(0)} core-seconds on ${cores} cores): the server ${share(cpu.server)}, PostgreSQL ${share(cpu.postgres)}, this load generator ${share(cpu.bench)}, the rest idle or other work`,
  );
  const p99 = (m) => quantile(ascending(m.times), 0.99);
  const allErrors = Object.values(meters).reduce((n, m) => n + [...m.errors.values()].reduce((a, b) => a + b, 0), 0);
  const onEitherStore = [
    ['0 lost or duplicated', lost === 0 && duplicated === 0 && short === 0],
    ['0 errors', allErrors === 0],
    ...(timeLimit > 0 ? [['every unsubmitted sitting handed in within 60 s of its deadline', onTime]] : []),
  ];
  // The embedded store serves a smaller class on one process and has a goal of its own: each step a
  // student waits on (signing in, opening the exam: its list, then its paper, and handing in) within
  // a second.
  const goals = embedded
    ? [
        ...onEitherStore,
        ['sign-in p99 ≤ 1 s', p99(meters.signin) <= 1000],
        ['list p99 ≤ 1 s', p99(meters.list) <= 1000],
        ['paper p99 ≤ 1 s', p99(meters.paper) <= 1000],
        ['submit p99 ≤ 1 s', p99(meters.submit) <= 1000],
      ]
    : [
        ...onEitherStore,
        ['list p99 ≤ 500 ms', p99(meters.list) <= 500],
        ['submit p99 ≤ 1 s', p99(meters.submit) <= 1000],
        ['draft p99 ≤ 300 ms', p99(meters.draft) <= 300],
        ['≥ 150 students a second open the paper', openingRate >= 150],
      ];
  console.log(
    `\nGoals (${embedded ? 'embedded store' : 'PostgreSQL'}): ${goals.map(([goal, met]) => `${goal}: ${met ? 'met' : 'NOT met'}`).join(' · ')}`,
  );
}

/** Timed: sets the exam's opening two seconds from now (staff's edit call); answers that instant. */
async function openAt(base, staff, examId) {
  const opensAt = Math.ceil((Date.now() + 2000) / 1000) * 1000;
  await must(base, 'PATCH', `/api/v1/exams/${examId}`, 200, {
    token: staff,
    body: { opensAt: new Date(opensAt).toISOString() },
  });
  return opensAt;
}

/**
 * Timed: follows the staff's sittings list every 2 s until each student who never handed in shows as
 * handed in at their deadline (or 3 minutes past the last deadline), noting how long after their
 * deadline each was first seen so.
 */
async function watchDeadlineHandIns(base, staff, examId) {
  const expected = Array.from({ length: students }, (_, i) => i).filter(neverHandsIn).length;
  const seen = new Map();
  const giveUpAt = Date.now() + timeLimit * 60_000 + 3 * 60_000;
  while (seen.size < expected && Date.now() < giveUpAt) {
    for (let offset = 0; ; offset += 100) {
      const page = await must(
        base,
        'GET',
        `/api/v1/exams/${examId}/sittings?limit=100&offset=${offset}&state=handed-in-at-deadline`,
        200,
        { token: staff },
      );
      for (const row of page.items) {
        if (!seen.has(row.username)) seen.set(row.username, Date.now() - Date.parse(row.deadline));
      }
      if (offset + 100 >= page.total) break;
    }
    if (seen.size < expected) await sleep(2000);
  }
  return { expected, seen };
}

async function main() {
  execFileSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv({ dataDir: session.tempDir('valence-bench-exam-day-'), port, admin });
  env.TRUST_PROXY = 'true';
  let connection = null;
  if (!embedded) {
    connection = await session.scratchDatabase(databaseUrl);
    env.DATABASE_URL = connection;
  }
  const server = await session.startServer(env, base);
  const { staff, exam: paper } = await setUp(base);
  const examId = paper.id;

  const dayStart = Date.now();
  // As on a real exam day the class signs in before the paper opens (arrivals spread over the first
  // minute); the paper opens for everyone once the last has signed in, and everyone hands in within
  // the window that opens once there has been time for every draft.
  const signinSpread = signinWindow * 1000;
  let signedIn = 0;
  let open;
  const exam = new Promise((resolve) => {
    open = resolve;
  });
  let examStart = 0;
  let connectionsAtOpen = 0;
  let cpuAtOpen;
  let cpuAtOpened;
  // Students opening their paper now, and those waiting to; the time the last paper arrived.
  let opening = 0;
  const waiting = [];
  let opened = 0;
  let lastPaperAt = 0;
  const openingSlot = async () => {
    if (openingAtOnce > 0 && opening >= openingAtOnce) await new Promise((resolve) => waiting.push(resolve));
    else opening += 1;
    return () => {
      opened += 1;
      lastPaperAt = Date.now();
      if (opened === students) cpuAtOpened = cpuNow(server.pid);
      const next = waiting.shift();
      if (next) next();
      else opening -= 1;
    };
  };
  const starts = () => ({
    signin: Math.random() * signinSpread,
    signedIn: () => {
      signedIn += 1;
      if (signedIn === students) {
        setTimeout(async () => {
          // Timed: the paper opens at one instant two seconds ahead, and the class waits for it.
          const opensAt = timeLimit > 0 ? await openAt(base, staff, examId) : Date.now();
          await sleep(Math.max(0, opensAt - Date.now()));
          examStart = Date.now();
          connectionsAtOpen = openConnections();
          cpuAtOpen = cpuNow(server.pid);
          benchLoopDelay.enable();
          open({ opensAt: examStart });
        }, waitSeconds * 1000);
      }
    },
    openingSlot,
    exam: exam.then(({ opensAt }) => ({
      submitAt: opensAt + draftSeconds * 1500 + Math.random() * submitSeconds * 1000,
    })),
  });
  const results = new Array(students);
  // Every student at once, each mostly waiting between answers, as phones in a hall are.
  await Promise.all(
    Array.from({ length: students }, async (_, i) => {
      results[i] = await sitting(base, examId, i, starts());
    }),
  );
  const end = Date.now();
  agent.destroy();
  for (const own of phones) own.destroy();
  benchLoopDelay.disable();
  const cpu = cpuSince(cpuAtOpen, cpuNow(server.pid));
  const handedInLate = timeLimit > 0 ? await watchDeadlineHandIns(base, staff, examId) : null;
  const { rows } = await check(base, staff, paper.id, connection);
  report(results, rows, {
    handedInLate,
    connectionsAtOpen,
    signinSeconds: (examStart - dayStart) / 1000 - waitSeconds,
    examSeconds: (end - examStart) / 1000,
    examStartAt: examStart,
    openingSeconds: (lastPaperAt - examStart) / 1000,
    openingCpu: cpuAtOpened ? cpuSince(cpuAtOpen, cpuAtOpened) : null,
    opened,
    cpu,
  });
}

await session.main(main);
