// What the benchmark scripts share: a free port, a /proc reading, a query on a PostgreSQL admin
// connection, and clean-up on Ctrl-C. Benchmarks only; the app never imports this.
import { readFileSync } from 'node:fs';
import net from 'node:net';

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
