import type { Exam } from '@valence/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../db/schema.js';
import { findOrphans } from '../ops/sweep-files.js';
import { createExam, enrol, examAction } from './exams.js';
import { type Login, useTestApp } from './harness.js';
import { uploadAnswer } from './submissions.js';

/*
 * A student handing in a PART II script while a superadmin deletes them. The script is stored
 * before its row is written; the delete removes the files of the rows it deletes. Unless the two
 * are ordered (the delete locks the account first), a script can be stored, its row committed
 * after the delete read the rows, and the file outlive them all. PGlite runs one transaction at a
 * time, so the race is real on PostgreSQL (CI runs this file with TEST_DATABASE_URL).
 */
const t = useTestApp();
let boss: Login;
let tutor: Login;
let courseId: number;
let exam: Exam;
const ROUNDS = 30;

beforeAll(async () => {
  boss = await t.login('ROLE_SUPERADMIN');
  tutor = await t.login('ROLE_ADMIN');
  courseId = (await t.createCourse(tutor.headers, 'Deleted while handing in')).id;
  exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: '2030-12-01T10:00' });
  await examAction(t, tutor.headers, exam.id);
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a PART II upload racing the delete of its student', () => {
  it(`leaves no stored script without a row, over ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const pupil = await t.login('ROLE_STUDENT', `racer${round}`);
      await enrol(t, tutor.headers, courseId, pupil.id);
      // The delete starts 0 to 18 ms after the upload, so the rounds sweep across the upload's steps:
      // some scripts are handed in first, some fail on the account the delete has locked or removed.
      const [upload, deleted] = await Promise.all([
        uploadAnswer(t, pupil.headers, exam.id),
        wait((round % 10) * 2).then(() =>
          t.call('DELETE', `/api/students/${pupil.id}?confirmMarks=true`, boss.headers),
        ),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      // Handed in before the delete (201), or refused because the student is going or gone.
      expect([201, 401, 403, 404, 409], upload.body).toContain(upload.statusCode);
      const left = await t.database.db.select().from(submissions).where(eq(submissions.studentId, pupil.id));
      expect(left).toEqual([]);
    }
    const orphans = await findOrphans(t.database.db, t.storage, 0);
    expect(orphans.map((orphan) => orphan.key)).toEqual([]);
    const stored: string[] = [];
    for await (const object of t.storage.list()) if (object.key.startsWith('answers/')) stored.push(object.key);
    expect(stored).toEqual([]);
  });
});
