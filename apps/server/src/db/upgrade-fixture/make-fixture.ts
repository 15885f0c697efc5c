/**
 * Writes schema-0000.sql: a database as the first release (migration 0000_init) left it, with rows
 * in every table, dumped the way a backup dumps. The upgrade test replays it and starts today's
 * migrations on it. Run again only to add a table the first release had:
 *   npx tsx --conditions=source apps/server/src/db/upgrade-fixture/make-fixture.ts
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { openDatabase, pgliteOptions } from '../client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.join(here, '../../../drizzle');

/** Rows in every table of the first schema; the password of every account is 'Fixture-pass-1'. */
export const FIXTURE_ROWS = `
insert into accounts (id, username, name, password_hash, role, session_version) values
  (1, 'admin', null, $PW$, 'ROLE_SUPERADMIN', 1),
  (2, 'tutor', null, $PW$, 'ROLE_ADMIN', 1),
  (3, 'amaya', 'Amaya Perera', $PW$, 'ROLE_STUDENT', 1),
  (4, 'kasun', 'Kasun Silva', $PW$, 'ROLE_STUDENT', 2);
insert into audit_log (actor_id, actor_username, action, target, details) values
  (1, 'admin', 'staff.create', 'account:2', '{"username":"tutor"}');
insert into courses (id, title, description) values (1, 'A/L Chemistry 2026', 'Organic and physical chemistry');
insert into enrollments (course_id, student_id, status) values (1, 3, 'ACTIVE'), (1, 4, 'PAUSED');
insert into resources (id, course_id, name, type, url, object_key, size_bytes, duration, live_at, recording_at) values
  (1, 1, 'Alkenes', 'VIDEO', 'https://youtu.be/dQw4w9WgXcQ', null, null, 1800, '2026-01-10T04:30Z', '2026-01-10T04:30Z');
insert into watch_time (student_id, resource_id, video_name, watched_duration) values (3, 1, 'Alkenes', 640.5);
insert into exams (id, course_id, title, description, due_date, exam_type, exam_identifier, published, grades_published) values
  (1, 1, 'Term test 1 MCQ', 'Fifty questions', '2026-02-01T04:30Z', 'MCQ', 'CHEM_T1', true, true),
  (2, 1, 'Term test 1 PART II', 'Structured essay', '2026-02-01T06:30Z', 'TRADITIONAL', 'CHEM_T1', true, false);
insert into mcq_questions (id, exam_id, question_text, position) values (1, 1, 'Which is an alkene? \\ce{C2H4}', 0);
insert into mcq_options (question_id, option_text, is_correct, position) values
  (1, '\\ce{C2H4}', true, 0), (1, '\\ce{C2H6}', false, 1), (1, '\\ce{CH4}', false, 2), (1, '\\ce{C3H8}', false, 3), (1, '\\ce{C4H10}', false, 4);
insert into submissions (id, exam_id, student_id, mcq_score, graded_at) values (1, 1, 3, 50, now());
insert into submission_answers (submission_id, question_id, option_id) values (1, 1, 1);
insert into submissions (id, exam_id, student_id, answer_key, traditional_score, instructor_feedback, graded_at) values
  (2, 2, 3, null, 72.5, 'Good use of \\ce{->}', now());
select setval(pg_get_serial_sequence(t, 'id'), 100) from unnest(array['accounts','courses','exams','mcq_questions','resources','submissions']) t;
`;

async function main() {
  const { hashPassword } = await import('../../lib/passwords.js');
  const work = mkdtempSync(path.join(os.tmpdir(), 'valence-fixture-'));
  try {
    // Only the first migration: a copy of the folder whose journal stops after it.
    const first = path.join(work, 'drizzle');
    cpSync(migrations, first, { recursive: true });
    const journalFile = path.join(first, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    journal.entries = journal.entries.slice(0, 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    const dataDir = path.join(work, 'data');
    const database = await openDatabase({ dataDir, migrationsFolder: first });
    await database.close();
    const db = new PGlite(pgliteOptions(dataDir));
    const hash = (await hashPassword('Fixture-pass-1')).replaceAll("'", "''");
    await db.exec(FIXTURE_ROWS.replaceAll('$PW$', `'${hash}'`));
    const dump = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges', '--inserts'] });
    await db.close();
    writeFileSync(path.join(here, 'schema-0000.sql'), await dump.text());
    console.log('Wrote schema-0000.sql');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
