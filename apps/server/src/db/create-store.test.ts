import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isSuperadminOutcome } from '../bootstrap.js';
import { verifyPassword } from '../lib/passwords.js';
import { migratedPglite } from './client.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./create-store.ts', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Runs the store-creating script as the server does (a child with an IPC channel); its messages and exit code. */
function createStore(dataDir: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; messages: unknown[]; err: string }>((resolve) => {
    const child = fork(SCRIPT, [dataDir, MIGRATIONS, ...args], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx', '--conditions=source'],
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const messages: unknown[] = [];
    let err = '';
    child.on('message', (message) => messages.push(message));
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, messages, err }));
  });
}

async function superadminsIn(dataDir: string) {
  const client = await migratedPglite(dataDir, MIGRATIONS);
  try {
    const { rows } = await client.query<{ username: string; password: string }>(
      "select username, password_hash as password from accounts where role = 'ROLE_SUPERADMIN'",
    );
    return rows;
  } finally {
    await client.close();
  }
}

describe('creating a new embedded store apart', () => {
  it('creates the superadmin from the environment and reports it to the server', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'valence-create-store-'));
    folders.push(dataDir);
    const ran = await createStore(dataDir, ['--with-superadmin'], {
      ADMIN_USERNAME: 'founder',
      ADMIN_PASSWORD: 'founder-pw-1',
    });
    expect(ran.err).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.messages).toEqual([{ kind: 'created', username: 'founder', generatedPassword: null }]);
    expect(ran.messages.every(isSuperadminOutcome)).toBe(true);
    const [admin, ...others] = await superadminsIn(dataDir);
    expect(others).toEqual([]);
    expect(admin?.username).toBe('founder');
    expect(await verifyPassword('founder-pw-1', admin?.password ?? '')).toBe(true);
  }, 60_000);

  it('sends a generated password for the server to print, and makes no account without the flag', async () => {
    const generated = await mkdtemp(path.join(os.tmpdir(), 'valence-create-store-'));
    const bare = await mkdtemp(path.join(os.tmpdir(), 'valence-create-store-'));
    folders.push(generated, bare);
    const [withFlag, without] = await Promise.all([
      createStore(generated, ['--with-superadmin'], {}),
      createStore(bare, [], {}),
    ]);
    expect(withFlag.code).toBe(0);
    const [outcome] = withFlag.messages;
    expect(outcome).toMatchObject({ kind: 'created', username: 'admin', generatedPassword: expect.any(String) });
    const password = isSuperadminOutcome(outcome) && outcome.kind === 'created' ? outcome.generatedPassword : null;
    expect(password?.length).toBeGreaterThanOrEqual(16);
    const [admin] = await superadminsIn(generated);
    expect(await verifyPassword(password ?? '', admin?.password ?? '')).toBe(true);

    expect(without.code).toBe(0);
    expect(without.messages).toEqual([]);
    expect(await superadminsIn(bare)).toEqual([]);
  }, 60_000);
});
