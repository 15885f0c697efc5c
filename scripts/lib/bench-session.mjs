// What a benchmark leaves behind must go however it ends (done, failed, Ctrl-C, its time limit):
// the child processes it started (the server, the seed, a bare comparison server), its temp dirs
// and its scratch PostgreSQL database. A session records each as it is made and undoes them all once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, cleanUpOnSignals, root, serverNodeArgs } from './bench-kit.mjs';

const STOP_GRACE_MS = 5000;
const START_LIMIT_MS = 60_000;

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** A session; with `limitMs`, the whole run stops by itself (and cleans up) after that long. */
export function createSession({ limitMs } = {}) {
  const children = new Set();
  const dirs = [];
  const hooks = [];
  let scratch;
  let exiting = false;

  const spawnNode = (args, env) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.add(child);
    return child;
  };

  /**
   * SIGTERM, then SIGKILL if it is still there after a grace period, unless `patient` (a server
   * stopped to be started again must close its database itself). A stopped child is no longer watched.
   */
  async function stop(child, { patient = false } = {}) {
    children.delete(child);
    if (hasExited(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    if (patient) return exited;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
    if (!hasExited(child)) child.kill('SIGKILL');
  }

  async function cleanup() {
    if (exiting) return;
    exiting = true;
    for (const hook of hooks) await hook();
    for (const child of [...children]) await stop(child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (scratch) {
      await adminQuery(scratch.url, `DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`).catch((error) =>
        console.error(`Could not drop the scratch database ${scratch.name}: ${error.message}`),
      );
    }
  }

  cleanUpOnSignals(cleanup);
  if (limitMs) {
    const watchdog = setTimeout(() => {
      console.error(`The benchmark did not finish within ${limitMs / 60_000} minutes; stopping.`);
      void cleanup().then(() => process.exit(1));
    }, limitMs);
    watchdog.unref();
  }

  return {
    /** A new temp dir, removed at the end. */
    tempDir(prefix) {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },

    /** Work to do first at the end (a browser to close). */
    onCleanup(hook) {
      hooks.push(hook);
    },

    /** A database created on the server at `databaseUrl` and dropped at the end; resolves to its URL. */
    async scratchDatabase(databaseUrl) {
      scratch = { url: databaseUrl, name: `valence_bench_${randomBytes(6).toString('hex')}` };
      await adminQuery(databaseUrl, `CREATE DATABASE ${scratch.name}`);
      const target = new URL(databaseUrl);
      target.pathname = `/${scratch.name}`;
      return target.toString();
    },

    /** Runs a node script to its end; killed if it takes longer than `limitMs`. */
    runScript(label, args, env, limitMs) {
      const child = spawnNode(args, env);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`${label} did not finish within ${limitMs / 60_000} minutes.`));
        }, limitMs);
        child.once('exit', (code) => {
          clearTimeout(timer);
          children.delete(child);
          if (code === 0) resolve();
          else reject(new Error(`${label} exited with code ${code}.`));
        });
      });
    },

    /**
     * Starts a node process that answers GET `healthUrl` with 200, and waits until it does. Should it
     * exit before `stop`, the benchmark ends: its figures would be of nothing.
     */
    async start(label, args, env, healthUrl) {
      const child = spawnNode(args, env);
      child.once('exit', (code) => {
        if (exiting || !children.has(child)) return;
        console.error(`${label} exited early (code ${code}).`);
        void cleanup().then(() => process.exit(1));
      });
      const startedAt = Date.now();
      while (Date.now() - startedAt < START_LIMIT_MS) {
        try {
          if ((await fetch(healthUrl)).ok) return child;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${label} did not start within ${START_LIMIT_MS / 1000} s.`);
    },

    /**
     * The built server (apps/server/dist/main.js) as `npm run serve` runs it, with its node flags and
     * BENCH_SERVER_NODE_ARGS (`serverNodeArgs`), on `base`: resolves once its health check answers.
     */
    startServer(env, base, label = 'The server') {
      return this.start(
        label,
        [...serverNodeArgs(), path.join(root, 'apps/server/dist/main.js')],
        env,
        `${base}/api/health`,
      );
    },

    stop,

    /** Runs the benchmark's `main`: an error is printed and sets exit code 1; clean-up follows either way. */
    main(main) {
      return main()
        .catch((error) => {
          console.error(error);
          process.exitCode = 1;
        })
        .finally(() => cleanup());
    },
  };
}
