// What the benchmark scripts share: a free port, a /proc reading, a query on a PostgreSQL admin
// connection, clean-up on Ctrl-C, and the environment and sign-in of the server they measure.
// Benchmarks only; the app never imports this.
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root: the benchmarks build and start what is there. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A `kB` line of /proc/<pid>/status (VmRSS, VmHWM) in kB, or null once the process is gone. */
export function procKb(pid, field) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) a process has used so far, or 0 once it is gone; `withChildren` adds
 * what its children that have ended used (PostgreSQL's server process: its finished backends).
 */
export function procCpuSeconds(pid, { withChildren = false } = {}) {
  try {
    // Fields after the command's closing parenthesis: utime, stime, cutime and cstime are the 12th to 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** Every running process whose command name is `name` (`postgres`: the server and its backends). */
export function pidsNamed(name) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return pids;
}

/** CPU seconds so far of the server (`serverPid`), of each PostgreSQL process, and of this load generator. */
export function cpuNow(serverPid) {
  const usage = process.cpuUsage();
  return {
    server: procCpuSeconds(serverPid),
    // With the backends that ended meanwhile: the pool closes idle connections.
    postgres: new Map(pidsNamed('postgres').map((pid) => [pid, procCpuSeconds(pid, { withChildren: true })])),
    bench: (usage.user + usage.system) / 1e6,
  };
}

/** CPU seconds each used between two `cpuNow` readings (a PostgreSQL process started since counts whole). */
export function cpuSince(before, after) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { server: after.server - before.server, postgres, bench: after.bench - before.bench };
}

/**
 * Waits until the server (`serverPid`) and PostgreSQL have gone quiet: less than 5 % of a core between
 * two readings 250 ms apart, twice running. A call whose answers are slower than its load window
 * (an unpaged list of 20,000 students) leaves requests queued when autocannon stops, and the next
 * call's figures would otherwise include them. Gives up after `timeoutMs`; answers the ms waited and
 * whether it went quiet.
 */
export async function settle(serverPid, { timeoutMs = 120_000 } = {}) {
  const start = performance.now();
  const busy = (before, after) => {
    const used = cpuSince(before, after);
    return used.server + used.postgres;
  };
  let quietReadings = 0;
  let last = cpuNow(serverPid);
  while (performance.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuNow(serverPid);
    quietReadings = busy(last, now) < 0.0125 ? quietReadings + 1 : 0;
    last = now;
    if (quietReadings >= 2) return { waitedMs: performance.now() - start, quiet: true };
  }
  return { waitedMs: performance.now() - start, quiet: false };
}

/** The same reading in MB, or null once the process is gone. */
export function procMb(pid, field) {
  const kb = procKb(pid, field);
  return kb === null ? null : kb / 1024;
}

/** The middle value (the upper one of an even count); the figures wander, a mean would follow them. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of several runs' figures and their range as text, "mid (min-max)"; null when none is known. */
export const spread = (values, format) => {
  const known = values.filter((value) => value !== null);
  if (known.length === 0) return null;
  const mid = median(known);
  return { mid, text: `${format(mid)} (${format(Math.min(...known))}-${format(Math.max(...known))})` };
};

/** One statement on its own connection (CREATE or DROP DATABASE cannot run in a transaction). */
export async function adminQuery(databaseUrl, sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `cleanup` on Ctrl-C or SIGTERM before exiting, so no server or scratch database is left. */
export function cleanUpOnSignals(cleanup) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void cleanup().then(() => process.exit(130));
    });
  }
}

/**
 * The node flags `npm run serve` starts the server with (package.json's `serve` script): a benchmark
 * measures the server as it runs, not as a bare `node main.js` would.
 */
export const SERVE_NODE_FLAGS = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .scripts.serve.split(' ')
  .filter((word) => word.startsWith('--'));

/**
 * Flags for the measured server's node: `npm run serve`'s, then BENCH_SERVER_NODE_ARGS split on
 * spaces (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes).
 */
export function serverNodeArgs() {
  return [...SERVE_NODE_FLAGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
}

/**
 * The environment of a built server on 127.0.0.1 with its own DATA_DIR and superadmin. `isolated`
 * also drops the caller's DATABASE_URL and S3_* (the server must not touch real data or a bucket)
 * and runs it as in production under /api.
 */
export function serverEnv({ dataDir, port, admin, isolated = true }) {
  const env = { ...process.env };
  if (isolated) {
    for (const key of Object.keys(env)) if (key.startsWith('S3_') || key === 'DATABASE_URL') delete env[key];
    Object.assign(env, { API_PREFIX: '/api', NODE_ENV: 'production' });
  }
  return Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  });
}

/** The superadmin's sign-in answer ({ jwtToken, roles }). */
export async function signIn(base, admin) {
  const response = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.json();
}
