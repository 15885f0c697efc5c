// How bench:api measures a call: under load with autocannon (after a warm-up, so the figures are
// of a warm server), alone (its own cost with nothing else running), and against the bare route
// that serves its bytes (lib/bare-fastify-server.mjs), whose server this module starts.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuNow, cpuSince, freePort, median, root } from './bench-kit.mjs';

export const CONNECTIONS = 32;
export const WARMUP_SECONDS = 1;

/**
 * req/s, p50 and p99 (ms) and failures of `duration` seconds under load; with `cpuOf` (the pid of the
 * process answering), also the CPU that process and PostgreSQL spent per answer, in µs.
 */
export async function load(url, headers, duration, { connections = CONNECTIONS, warmup = true, cpuOf } = {}) {
  if (warmup) await autocannon({ url, headers, connections, duration: WARMUP_SECONDS });
  const before = cpuOf ? cpuNow(cpuOf) : null;
  const result = await autocannon({ url, headers, connections, duration });
  const used = before ? cpuSince(before, cpuNow(cpuOf)) : null;
  const answered = result['2xx'];
  return {
    cpu:
      used && answered
        ? { serverUs: (used.server * 1e6) / answered, postgresUs: (used.postgres * 1e6) / answered }
        : null,
    // Counted from whole answers: a call slower than the run completes few or none, and
    // autocannon's per-second average would round those to nothing.
    rps: answered / result.duration,
    answered,
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Median time of a few requests one after another, with nothing else running: the call's own cost. */
export async function alone(url, headers) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const begin = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - begin);
  }
  return median(times);
}

/**
 * Starts the bare Fastify server, with the app's own Fastify, on the answers recorded by findCalls;
 * resolves to its base URL, where GET /bare/<index> answers calls[index], and its pid.
 */
export async function startBareServer(session, calls, env, tmp) {
  const port = await freePort();
  const bodiesFile = path.join(tmp, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(calls.map((call) => call.body.toString('base64'))));
  const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
  const fastifyPath = pathToFileURL(serverRequire.resolve('fastify')).href;
  const pgPath = pathToFileURL(serverRequire.resolve('pg')).href;
  const script = fileURLToPath(new URL('bare-fastify-server.mjs', import.meta.url));
  const base = `http://127.0.0.1:${port}`;
  // On PostgreSQL the bare server also answers after one round trip to the same database.
  const bareEnv = env.DATABASE_URL ? { ...env, BENCH_BARE_DATABASE_URL: env.DATABASE_URL } : env;
  const child = await session.start(
    'The bare Fastify server',
    [script, fastifyPath, pgPath, bodiesFile, String(port)],
    bareEnv,
    `${base}/health`,
  );
  return { base, pid: child.pid };
}
