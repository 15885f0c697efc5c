import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusy, LOCK_FILE, type LockHolder, lockDataDir, lockHolder, processStarted } from './data-dir-lock.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];
const releases: (() => void)[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'valence-lock-'));
  lockFile = path.join(dir, LOCK_FILE);
});

afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Takes the lock in this process and releases it after the test. */
function lock(command: string) {
  const held = lockDataDir(dir, command);
  releases.push(() => held.release());
  return held;
}

/** The pid of a process that has run and exited: nobody answers to it any more. */
function deadPid(): number {
  const finished = spawnSync(process.execPath, ['-e', '']);
  if (finished.pid === undefined) throw new Error('node -e "" did not start');
  return finished.pid;
}

const holder = (overrides: Partial<LockHolder>): LockHolder => ({
  pid: deadPid(),
  host: os.hostname(),
  command: 'npm run backup',
  since: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

const readLock = () => JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;

/** What lockDataDir throws, or fails when it takes the lock. */
function refusal(command = 'npm start'): DataDirBusy {
  try {
    lock(command);
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirBusy);
    return error as DataDirBusy;
  }
  throw new Error('The lock was taken where it should have been refused.');
}

/**
 * A node process of its own that takes the lock with the real module (loaded through tsx) and
 * keeps it; resolves once it says it holds the lock (or that it did not get it).
 */
function childTakingLock(command: string, startAt = 0): Promise<{ child: ChildProcess; answer: string }> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    while (Date.now() < ${startAt}) {}
    try {
      lockDataDir(${JSON.stringify(dir)}, ${JSON.stringify(command)});
      console.log('won');
    } catch (error) {
      console.log(error.constructor.name);
    }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve({ child, answer: out.trim() });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.once('exit', (code) => reject(new Error(`The child exited (${code}) before answering: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('lockDataDir', () => {
  it('refuses a second lock on the folder, naming the command, pid and since of the holder', () => {
    const first = lock('npm start');
    expect(first.tookOverFrom).toBeUndefined();
    const held = readLock();
    expect(held).toMatchObject({ pid: process.pid, host: os.hostname(), command: 'npm start' });
    expect(Number.isNaN(Date.parse(held.since))).toBe(false);

    const busy = refusal('npm run seed:demo');
    expect(busy.holder).toEqual(held);
    expect(busy.message).toContain('`npm start`');
    expect(busy.message).toContain(`pid ${process.pid}`);
    expect(busy.message).toContain(`since ${held.since}`);
    expect(busy.message).toContain(dir);
    // The refusal left the holder's lock as it was.
    expect(readLock()).toEqual(held);
  });

  it('takes over the lock of a process that no longer runs, saying whose it was', () => {
    const stale = holder({});
    writeFileSync(lockFile, JSON.stringify(stale));
    expect(lockHolder(dir)).toBeNull();

    const taken = lock('npm start');
    expect(taken.tookOverFrom).toEqual(stale);
    expect(readLock()).toMatchObject({ pid: process.pid, command: 'npm start' });
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid });
    // The takeover leaves no helper file behind.
    expect(existsSync(`${lockFile}.takeover`)).toBe(false);
  });

  it('takes over a half-written lock only once it is old enough not to be being written', () => {
    writeFileSync(lockFile, '{"pid": 12');
    const young = refusal();
    expect(young.holder.command).toBe('another process');

    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile, longAgo, longAgo);
    const taken = lock('npm start');
    // Nobody can be named from an unreadable lock.
    expect(taken.tookOverFrom).toBeUndefined();
    expect(readLock().pid).toBe(process.pid);
  });

  it('refuses a lock held from another machine, whose process cannot be checked from here', () => {
    writeFileSync(lockFile, JSON.stringify(holder({ host: 'other-host.example' })));
    const busy = refusal();
    expect(busy.message).toContain('on other-host.example');
  });

  it('release removes our own lock, once, and never one another process has put in its place', () => {
    const mine = lock('npm start');
    mine.advertise(path.join(dir, 'control.sock'));
    expect(readLock().socket).toBe(path.join(dir, 'control.sock'));
    mine.release();
    expect(existsSync(lockFile)).toBe(false);

    const again = lock('npm start');
    // Another process took the folder over (ours counted as stale): its lock must survive our release.
    const theirs = holder({ pid: process.pid + 1, command: 'npm run restore' });
    writeFileSync(lockFile, JSON.stringify(theirs));
    again.release();
    expect(readLock()).toEqual(theirs);
    again.release();
    expect(readLock()).toEqual(theirs);
  });

  it('refuses a lock held by another live process, and takes it over once that process is killed', async () => {
    const { child, answer } = await childTakingLock('npm run backup');
    expect(answer).toBe('won');
    expect(readLock()).toMatchObject({ pid: child.pid, command: 'npm run backup' });
    expect(lockHolder(dir)?.pid).toBe(child.pid);

    const busy = refusal();
    expect(busy.holder.pid).toBe(child.pid);
    expect(busy.message).toContain('`npm run backup`');
    expect(busy.message).toContain(`pid ${child.pid}`);

    // Killed with -9: it had no chance to remove its lock.
    child.kill('SIGKILL');
    await exited(child);
    expect(readLock().pid).toBe(child.pid);
    const taken = lock('npm start');
    expect(taken.tookOverFrom).toMatchObject({ pid: child.pid, command: 'npm run backup' });
  });

  it('records which process took the lock: the boot and its start time', () => {
    lock('npm start');
    const started = processStarted(process.pid);
    expect(started).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect(readLock().started).toBe(started);
  });

  describe('a lock whose pid now belongs to another process (the pid was reused)', () => {
    /** A live process that is not a Valence one: `sleep`, as a reused pid might be anything. */
    function unrelatedProcess(): number {
      const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
      children.push(sleeper);
      if (sleeper.pid === undefined) throw new Error('sleep did not start');
      return sleeper.pid;
    }

    it('is taken over when the start time it records is not that process’s', () => {
      const pid = unrelatedProcess();
      expect(processStarted(pid)).toBeDefined();
      // Written by a server that ran under this pid before: its start time was another.
      const stale = holder({ pid, command: 'npm start', started: processStarted(process.pid) });
      writeFileSync(lockFile, JSON.stringify(stale));
      expect(lockHolder(dir)).toBeNull();
      const taken = lock('npm start');
      expect(taken.tookOverFrom).toEqual(stale);
      expect(readLock()).toMatchObject({ pid: process.pid, started: processStarted(process.pid) });
    });

    it('is taken over when it records no start time (an older lock) and the process is not Node.js', () => {
      const pid = unrelatedProcess();
      const stale = holder({ pid, command: 'npm start' });
      writeFileSync(lockFile, JSON.stringify(stale));
      expect(lockHolder(dir)).toBeNull();
      expect(lock('npm start').tookOverFrom).toEqual(stale);
    });

    it('is taken over when it names this very process under another start time (a container started afresh)', () => {
      const stale = holder({ pid: process.pid, command: 'npm start', started: `${processStarted(process.pid)}0` });
      writeFileSync(lockFile, JSON.stringify(stale));
      expect(lock('npm start').tookOverFrom).toEqual(stale);
    });

    it('is still refused when the process is the holder: same pid, same start time', async () => {
      const mine = holder({ pid: process.pid, command: 'npm start', started: processStarted(process.pid) });
      writeFileSync(lockFile, JSON.stringify(mine));
      expect(refusal().holder).toEqual(mine);

      // And a server in a process of its own, as the real module records it.
      rmSync(lockFile);
      const { child, answer } = await childTakingLock('npm start');
      expect(answer).toBe('won');
      expect(readLock().started).toBe(processStarted(child.pid as number));
      expect(refusal().holder.pid).toBe(child.pid);
    });
  });

  it('lets only one of several processes take over the same stale lock at once', async () => {
    writeFileSync(lockFile, JSON.stringify(holder({})));
    // Each loads the module first, then all reach for the lock at the same moment.
    const startAt = Date.now() + 3000;
    const answers = await Promise.all(
      [1, 2, 3].map((i) => childTakingLock(`contender ${i}`, startAt).then((result) => result.answer)),
    );
    expect(answers.sort()).toEqual(['DataDirBusy', 'DataDirBusy', 'won']);
    expect(readLock().command).toMatch(/^contender \d$/);
  }, 20_000);
});
