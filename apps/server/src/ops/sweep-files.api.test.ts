import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { resources } from '../db/schema.js';
import { backupLeaseDir, takeBackupLease } from '../storage/backup-lease.js';
import { addQuestion, createExam, enrol, examAction, question } from '../test/exams.js';
import { type Login, useTestApp } from '../test/harness.js';
import { SAMPLE } from '../test/multipart.js';
import { uploadAnswer } from '../test/submissions.js';
import type { OpsContext } from './ops-command.js';
import { referencedKeys, sweepFilesCommand } from './sweep-files.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
/** Every key a row points at, made through the API (paper, question picture, answer script) and a resource. */
let referenced: string[];
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600_000);

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  const pupil = await t.login('ROLE_STUDENT', 'pupil');
  courseId = (await t.createCourse(tutor.headers, 'Sweep')).id;
  await enrol(t, tutor.headers, courseId, pupil.id);
  const partTwo = await createExam(t, tutor.headers, courseId, {
    examType: 'TRADITIONAL',
    dueDate: '2030-12-01T10:00',
  });
  await examAction(t, tutor.headers, partTwo.id);
  expect((await uploadAnswer(t, pupil.headers, partTwo.id)).statusCode).toBe(201);
  const mcq = await createExam(t, tutor.headers, courseId);
  await addQuestion(t, tutor.headers, mcq.id, question(), { bytes: SAMPLE.png, name: 'diagram.png' });
  await t.storeResource(courseId, {
    key: 'resources/handout.pdf',
    name: 'Handout',
    type: 'application/pdf',
    bytes: SAMPLE.pdf,
  });
  referenced = [...(await referencedKeys(t.database.db))].sort();
  expect(referenced).toHaveLength(4);
  // Old enough to be swept, were nothing pointing at them: only their rows keep them.
  for (const key of referenced) await age(key);
});

async function age(key: string) {
  await utimes(path.join(t.dataDir, 'files', key), TWO_HOURS_AGO, TWO_HOURS_AGO);
}

async function putOrphan(key: string, bytes = randomBytes(1024), old = true) {
  await t.storage.put(key, Readable.from(bytes));
  if (old) await age(key);
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.storage.list()) keys.push(object.key);
  return keys.sort();
}

async function sweep(argv: string[], db: Db = t.database.db) {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: OpsContext = {
    config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
    database: { ...t.database, db },
    storage: t.storage,
  };
  const code = await sweepFilesCommand.run(ctx, argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('sweep-files', () => {
  it('lists an old orphan on a dry run and removes nothing; --apply removes it alone', async () => {
    await putOrphan('answers/orphan-old.pdf');
    await putOrphan('exams/orphan-fresh.pdf', randomBytes(1024), false);
    const before = await storedKeys();
    expect(before).toEqual([...referenced, 'answers/orphan-old.pdf', 'exams/orphan-fresh.pdf'].sort());

    const dry = await sweep([]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('answers/orphan-old.pdf');
    expect(dry.out).not.toContain('orphan-fresh');
    for (const key of referenced) expect(dry.out).not.toContain(key);
    expect(dry.out).toContain('1 stored file(s)');
    expect(dry.out).toContain('Nothing removed');
    expect(await storedKeys()).toEqual(before);

    // With no minimum age the fresh orphan counts too (still a dry run).
    const everything = await sweep(['--min-age-minutes', '0']);
    expect(everything.out).toContain('answers/orphan-old.pdf');
    expect(everything.out).toContain('exams/orphan-fresh.pdf');
    expect(everything.out).toContain('2 stored file(s)');
    expect(await storedKeys()).toEqual(before);

    const applied = await sweep(['--apply', '--min-age-minutes', '30']);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain('Removed 1 stored file(s)');
    expect(await storedKeys()).toEqual([...referenced, 'exams/orphan-fresh.pdf'].sort());
    expect(await t.storage.stat('answers/orphan-old.pdf')).toBeNull();

    const again = await sweep(['--apply']);
    expect(again.out).toContain('No stored file without a row');
    expect(await storedKeys()).toEqual([...referenced, 'exams/orphan-fresh.pdf'].sort());
    await t.storage.delete('exams/orphan-fresh.pdf');
  });

  it('keeps an orphan a row comes to point at between the listing and the removal', async () => {
    const megabytes = Buffer.alloc(3 * 1024 * 1024, 7);
    await putOrphan('resources/claimed-late.pdf', megabytes);
    await putOrphan('resources/left-over.pdf', megabytes);
    // One read of the keys takes a statement for the rows and, once the queue's tables exist, two for
    // the files its waiting jobs name: count them on a read of their own.
    let reads = 0;
    const counting = (onStatement: () => Promise<void>) =>
      new Proxy(t.database.db, {
        get(target, key, receiver) {
          if (key !== 'execute') return Reflect.get(target, key, receiver);
          return async (...args: Parameters<Db['execute']>) => {
            reads += 1;
            await onStatement();
            return target.execute(...args);
          };
        },
      });
    await referencedKeys(counting(async () => {}));
    const perRead = reads;
    expect(perRead).toBeGreaterThan(0);
    reads = 0;
    // The second read of the keys (the check just before removing) first sees a resource take the file.
    const db = counting(async () => {
      if (reads === perRead + 1) {
        await t.database.db.insert(resources).values({
          courseId,
          name: 'Claimed late',
          type: 'application/pdf',
          url: 'resources/claimed-late.pdf',
          objectKey: 'resources/claimed-late.pdf',
          liveAt: new Date(),
          recordingAt: new Date(),
        });
      }
    });
    const applied = await sweep(['--apply'], db);
    expect(reads).toBe(2 * perRead);
    expect(applied.out).toContain('resources/claimed-late.pdf');
    expect(applied.out).toContain('resources/left-over.pdf');
    // It says what it removed: one file of 3 MB, not the 6 MB it had listed.
    expect(applied.out).toContain('Removed 1 stored file(s), 3.0 MB. 1 kept: a row came to point at them meanwhile.');
    expect(await t.storage.stat('resources/claimed-late.pdf')).toEqual({ size: megabytes.length });
    expect(await t.storage.stat('resources/left-over.pdf')).toBeNull();
    for (const key of referenced) expect(await t.storage.stat(key)).not.toBeNull();
  });

  it('refuses a minimum age that is not a number of minutes, or an unknown option', async () => {
    await putOrphan('answers/untouched.pdf');
    for (const argv of [
      ['--apply', '--min-age-minutes', '-5'],
      ['--apply', '--min-age-minutes', 'soon'],
      ['--bogus'],
    ]) {
      const refused = await sweep(argv);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('Usage: npm run cli -- sweep-files');
    }
    expect(await t.storage.stat('answers/untouched.pdf')).not.toBeNull();
  });

  it('removes nothing while a backup runs, and removes the orphans once it has finished', async () => {
    await putOrphan('answers/during-backup.pdf');
    const lease = await takeBackupLease(backupLeaseDir(t.dataDir));
    try {
      const refused = await sweep(['--apply']);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('A backup is running: nothing removed.');
      expect(await t.storage.stat('answers/during-backup.pdf')).not.toBeNull();
    } finally {
      await lease.release();
    }
    const applied = await sweep(['--apply']);
    expect(applied.code).toBe(0);
    expect(await t.storage.stat('answers/during-backup.pdf')).toBeNull();
  });
});
