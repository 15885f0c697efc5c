import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The first key of the advisory lock that serialises starting one course's packs. */
const COURSE_JOBS_LOCK = 7_340_501;

/**
 * Serialises starting a course's packs until the transaction ends (any server). The jobs themselves
 * are the queue's (`jobs.ts`); the reports module owns no table.
 */
export async function lockCourseJobs(tx: DbOrTx, courseId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${COURSE_JOBS_LOCK}, ${courseId})`);
}
