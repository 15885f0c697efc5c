import type { Annotation } from '@valence/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { markingClaims, scriptAnnotations } from '../../db/schema.js';

/** A namespace for the per-exam marking-queue locks, apart from the other advisory-lock spaces. */
const QUEUE_LOCK_SPACE = 727_022;

/** Replaces the script's annotations (one row per script); answers when they were saved. */
export function saveAnnotations(db: DbOrTx, submissionId: number, items: Annotation[], staffId: number) {
  return db
    .insert(scriptAnnotations)
    .values({ submissionId, items, updatedBy: staffId })
    .onConflictDoUpdate({
      target: scriptAnnotations.submissionId,
      set: { items, updatedBy: staffId, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: scriptAnnotations.updatedAt })
    .then((rows) => rows[0]?.updatedAt as Date);
}

/** The script's annotations, or none before the first save. */
export function annotationsOf(db: DbOrTx, submissionId: number): Promise<Annotation[]> {
  return db
    .select({ items: scriptAnnotations.items })
    .from(scriptAnnotations)
    .where(eq(scriptAnnotations.submissionId, submissionId))
    .then((rows) => rows[0]?.items ?? []);
}

/**
 * "Next unmarked" of one exam runs one at a time (until the transaction ends): the tutor who comes
 * second sees the first one's claim, so two never take the same script.
 */
export async function lockQueue(tx: DbOrTx, examId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_SPACE}, ${examId}::int)`);
}

/**
 * Holds the script for this tutor until `minutes` from now, taking it over from an expired claim;
 * a tutor holds one script of an exam at a time, so their other claims there end.
 */
export async function claim(tx: DbOrTx, examId: number, submissionId: number, staffId: number, minutes: number) {
  await tx
    .delete(markingClaims)
    .where(
      and(
        eq(markingClaims.examId, examId),
        eq(markingClaims.staffId, staffId),
        ne(markingClaims.submissionId, submissionId),
      ),
    );
  const expiresAt = sql`now() + make_interval(mins => ${minutes}::int)`;
  await tx
    .insert(markingClaims)
    .values({ submissionId, examId, staffId, expiresAt })
    .onConflictDoUpdate({ target: markingClaims.submissionId, set: { staffId, expiresAt } });
}

/** A saved mark ends whoever's claim on the script. */
export async function release(db: DbOrTx, submissionId: number): Promise<void> {
  await db.delete(markingClaims).where(eq(markingClaims.submissionId, submissionId));
}
