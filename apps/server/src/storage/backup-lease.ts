import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * While a backup runs, no stored file may be deleted: its database snapshot may name a file that a
 * re-upload replaces before the copy reaches it. The backup says so with a lease, a file in
 * DATA_DIR/backup-leases beside DATA_DIR/files, which every process that stores files there sees
 * (the server, a second server on PostgreSQL that shares the folder, the CLI). A store that is told
 * to delete while a lease is live holds the deletion and does it once no lease is left.
 */
export const BACKUP_LEASES = 'backup-leases';

/** How often a running backup renews its lease. */
const RENEW_MS = 30_000;
/**
 * A lease not renewed for this long belongs to a backup that was killed. Generous: a backup whose
 * event loop is busy dumping must not lose its lease, and a dead one only delays deletions.
 */
export const LEASE_STALE_MS = 10 * 60_000;

export const backupLeaseDir = (dataDir: string) => path.join(dataDir, BACKUP_LEASES);

export type BackupLease = { release: () => Promise<void> };

/** Taken before the backup's database snapshot, released once its last file is copied. */
export async function takeBackupLease(leaseDir: string): Promise<BackupLease> {
  await mkdir(leaseDir, { recursive: true, mode: 0o700 });
  const file = path.join(leaseDir, `${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  await writeFile(file, JSON.stringify(holder), { mode: 0o600, flag: 'wx' });
  const renew = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, RENEW_MS);
  renew.unref();
  return {
    async release() {
      clearInterval(renew);
      await rm(file, { force: true });
    },
  };
}

/** Whether a backup holds a live lease on the folder; leases left by killed backups are removed. */
export async function backupRunning(leaseDir: string, now = Date.now()): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(leaseDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  let live = false;
  for (const name of names) {
    const file = path.join(leaseDir, name);
    const info = await stat(file).catch(() => null);
    if (!info) continue;
    if (now - info.mtimeMs < LEASE_STALE_MS) live = true;
    else await rm(file, { force: true }).catch(() => undefined);
  }
  return live;
}
