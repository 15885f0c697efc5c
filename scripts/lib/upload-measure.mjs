// What bench:upload reads the tus upload against, on the same disk: `cp` of the file (the
// baseline of its goal) and a bare Node HTTP server piping the request into a file (the ceiling of
// any Node upload endpoint here); and the checks that the stored upload is whole.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import { median } from './bench-kit.mjs';

export const MiB = 1024 * 1024;

/** Seconds since `start`, a process.hrtime.bigint(). */
export const secondsSince = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/** User and system CPU seconds of a process so far. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** Writes `sizeMb` MiB to `file`; resolves to the 1 MiB block it repeats. */
export function writeSourceFile(file, sizeMb) {
  // A repeated random 1 MiB block: fast to write, incompressible enough for a disk.
  const block = randomBytes(MiB);
  const fd = openSync(file, 'w');
  try {
    for (let i = 0; i < sizeMb; i += 1) writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
  return block;
}

/** `cp` of `source` to `copy`: { runs, cached, durable } (seconds; medians of the runs). */
export function copyBaseline(source, copy) {
  // Median of three runs (this disk and CPU are shared, and the figures wander). "cached" stops when
  // cp exits (data may still be in the page cache, as it may be when the upload answers); "durable"
  // includes the `sync` that puts it on the disk, for both.
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    const begin = process.hrtime.bigint();
    execFileSync('cp', [source, copy]);
    const cached = secondsSince(begin);
    execFileSync('sync');
    runs.push({ cached, durable: secondsSince(begin) });
    rmSync(copy);
    execFileSync('sync');
  }
  return { runs, cached: median(runs.map((run) => run.cached)), durable: median(runs.map((run) => run.durable)) };
}

/**
 * The same file through a bare Node HTTP server that pipes the request into a file: what any Node
 * upload endpoint could reach on this machine, to read the tus figure against. Resolves to seconds.
 */
export async function bareNodeCeiling(source, target, size) {
  const server = http.createServer((req, res) => {
    const out = createWriteStream(target, { highWaterMark: 4 * MiB });
    req.pipe(out);
    out.on('finish', () => res.end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const begin = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', headers: { 'content-length': size } }, (res) =>
      res.resume().on('end', resolve),
    );
    req.on('error', reject);
    createReadStream(source, { highWaterMark: MiB }).pipe(req);
  });
  const elapsed = secondsSince(begin);
  server.close();
  rmSync(target, { force: true });
  return elapsed;
}

/** The stored upload must be whole: same size, and `block` at its start, middle and end. */
export function checkStored(stored, size, block) {
  const storedSize = statSync(stored).size;
  const sizeMb = size / MiB;
  const fd = openSync(stored, 'r');
  const probe = Buffer.alloc(MiB);
  let intact = storedSize === size;
  for (const at of [0, Math.floor(sizeMb / 2), sizeMb - 1]) {
    readSync(fd, probe, 0, MiB, at * MiB);
    intact &&= probe.equals(block);
  }
  closeSync(fd);
  return { storedSize, intact };
}
