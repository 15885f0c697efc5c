import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupRunning, LEASE_STALE_MS, takeBackupLease } from './backup-lease.js';

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'valence-lease-')), 'backup-leases');
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

describe('backup leases', () => {
  it('is running only while a lease is held', async () => {
    expect(await backupRunning(dir)).toBe(false);
    const first = await takeBackupLease(dir);
    const second = await takeBackupLease(dir);
    expect(await backupRunning(dir)).toBe(true);
    await first.release();
    // Two backups at once: deletions wait for the last.
    expect(await backupRunning(dir)).toBe(true);
    await second.release();
    expect(await backupRunning(dir)).toBe(false);
  });

  it('ignores and removes a lease a killed backup stopped renewing', async () => {
    await takeBackupLease(dir);
    const [name] = readdirSync(dir);
    const file = path.join(dir, name as string);
    const renewed = new Date(Date.now() - LEASE_STALE_MS - 1000);
    await utimes(file, renewed, renewed);
    expect(await backupRunning(dir)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});
