import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { examOverrides } from '../../db/schema.js';

export type OverrideRow = typeof examOverrides.$inferSelect;
export type OverrideValues = Pick<OverrideRow, 'extraMinutes' | 'opensAt' | 'dueDate'>;

const key = (examId: number, studentId: number) =>
  and(eq(examOverrides.examId, examId), eq(examOverrides.studentId, studentId));

export function findOverride(db: DbOrTx, examId: number, studentId: number): Promise<OverrideRow | undefined> {
  return db
    .select()
    .from(examOverrides)
    .where(key(examId, studentId))
    .then((rows) => rows[0]);
}

/** Sets the student's override whole, stamped `at`. */
export function upsertOverride(
  db: DbOrTx,
  examId: number,
  studentId: number,
  values: OverrideValues,
  at: Date,
): Promise<OverrideRow> {
  return db
    .insert(examOverrides)
    .values({ examId, studentId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: [examOverrides.examId, examOverrides.studentId], set: { ...values, updatedAt: at } })
    .returning()
    .then((rows) => rows[0] as OverrideRow);
}

/** Removes the override; answers it, or undefined when there was none. */
export function deleteOverride(db: DbOrTx, examId: number, studentId: number): Promise<OverrideRow | undefined> {
  return db
    .delete(examOverrides)
    .where(key(examId, studentId))
    .returning()
    .then((rows) => rows[0]);
}
