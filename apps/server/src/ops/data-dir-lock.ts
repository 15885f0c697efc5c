import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database is a folder of PostgreSQL files that only one process may have open: a
 * second PGlite on the same folder corrupts it. Every process that opens DATA_DIR (the server, the
 * seeder, the CLI, backup, restore) first takes DATA_DIR/valence.lock, created exclusively, holding
 * who took it. A lock whose process is gone (killed with -9, a power cut) is taken over, and so is
 * one whose pid now belongs to another process (see LockHolder.started).
 */
export const LOCK_FILE = 'valence.lock';

export type LockHolder = {
  pid: number;
  host: string;
  command: string;
  since: string;
  /**
   * Which process the pid was when it took the lock: the boot and the start time the kernel keeps
   * for it (`<boot id>:<clock ticks since boot>`, Linux only). A pid is reused, so a lock left by a
   * killed process may name a live but unrelated one, or, in a container started afresh, this very
   * process; the start time tells them apart. Absent off Linux and in locks written before it.
   */
  started?: string;
  /** Where the holder answers commands for this folder (a running server only). */
  socket?: string;
};

export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${describeHolder(holder)}. Only one process may open the embedded database at a time; stop that one first.`,
    );
  }
}

export function describeHolder(holder: LockHolder): string {
  return `\`${holder.command}\` (pid ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${holder.host}`}, since ${holder.since})`;
}

export type DataDirLock = {
  readonly file: string;
  /** Says where this process answers commands, for the commands run while it holds the folder. */
  advertise(socket: string): void;
  release(): void;
  /** Set when a lock left by a process that no longer runs was taken over. */
  readonly tookOverFrom?: LockHolder;
};

function readHolder(file: string): LockHolder | null | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    if (typeof parsed.pid === 'number' && typeof parsed.command === 'string') return parsed;
  } catch {
    // A lock written half-way by a process killed while writing it.
  }
  return 'unreadable';
}

/** The `started` of a process running here now, undefined where /proc cannot tell (not Linux, gone). */
export function processStarted(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (the second field) may hold spaces and parentheses: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // starttime is the 22nd field; the rest begins at the 3rd.
    const ticks = fields[22 - 3];
    return boot && ticks && /^\d+$/.test(ticks) ? `${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the live process with the holder's pid can be the holder. With a recorded start time,
 * only the same start time is. Without one (an older lock), a process whose command line /proc
 * shows is ours only if it is a Node.js one: every process that takes the lock is.
 */
function isSameProcess(holder: LockHolder): boolean {
  if (holder.started !== undefined) {
    const now = processStarted(holder.pid);
    return now === undefined || now === holder.started;
  }
  if (holder.pid === process.pid) return true;
  let argv0: string;
  try {
    argv0 = readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return true;
  }
  return argv0 === '' || /node/i.test(path.basename(argv0));
}

function isAlive(holder: LockHolder): boolean {
  // Another machine's process cannot be checked from here (a shared folder): assume it runs.
  if (holder.host !== os.hostname()) return true;
  if (holder.pid !== process.pid) {
    try {
      process.kill(holder.pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
    }
  }
  return isSameProcess(holder);
}

function writeExclusive(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's owner as a reader sees it now; null when nobody holds the folder. */
export function lockHolder(dataDir: string): LockHolder | null {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (holder === null || holder === 'unreadable') return null;
  return isAlive(holder) ? holder : null;
}

/**
 * Takes the folder's lock or throws DataDirBusy naming who holds it. Two processes taking over the
 * same stale lock at once settle it through a second exclusive file, so only one of them can win.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const started = processStarted(process.pid);
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command,
    since: new Date().toISOString(),
    ...(started ? { started } : {}),
  };
  let tookOverFrom: LockHolder | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (writeExclusive(file, me)) return held(file, me, tookOverFrom);
    const holder = readHolder(file);
    if (holder === null) continue;
    if (holder !== 'unreadable' && isAlive(holder)) throw new DataDirBusy(dataDir, holder);
    if (holder === 'unreadable' && ageSeconds(file) < 5) {
      // Being written right now by a process that has just created it.
      sleepSync(20);
      continue;
    }
    const takeover = `${file}.takeover`;
    if (ageSeconds(takeover) > 30) rmSync(takeover, { force: true });
    if (!writeExclusive(takeover, me)) {
      sleepSync(20);
      continue;
    }
    try {
      // Read again under the takeover file: the stale lock may have been replaced meanwhile.
      const again = readHolder(file);
      if (again !== null && again !== 'unreadable' && isAlive(again)) throw new DataDirBusy(dataDir, again);
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      if (again !== 'unreadable' && again !== null) tookOverFrom = again;
    } finally {
      rmSync(takeover, { force: true });
    }
  }
  const holder = readHolder(file);
  throw new DataDirBusy(
    dataDir,
    holder && holder !== 'unreadable' ? holder : { ...me, command: 'another process', pid: 0 },
  );
}

function held(file: string, me: LockHolder, tookOverFrom: LockHolder | undefined): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Only our own lock: never remove one another process took over after ours went stale.
    const current = readHolder(file);
    if (current !== null && current !== 'unreadable' && current.pid === me.pid && current.since === me.since) {
      rmSync(file, { force: true });
    }
  };
  process.once('exit', release);
  return {
    file,
    ...(tookOverFrom ? { tookOverFrom } : {}),
    advertise(socket) {
      const temp = `${file}.${process.pid}.tmp`;
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeSync(fd, JSON.stringify({ ...me, socket }));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
    },
    release,
  };
}

function ageSeconds(file: string): number {
  try {
    return (Date.now() - statSync(file).mtimeMs) / 1000;
  } catch {
    return 0;
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
