import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { examOverrides, exams } from '../../db/schema.js';

export type OverrideRow = typeof examOverrides.$inferSelect;
export type OverrideValues = Pick<OverrideRow, 'extraMinutes' | 'opensAt' | 'dueDate'>;

const key = (examId: number, studentId: number) =>
  and(eq(examOverrides.examId, examId), eq(examOverrides.studentId, studentId));

/** The exam's own window and the student's override beside it (nulls without one); undefined: no such exam. */
export function findWindowRow(db: DbOrTx, examId: number, studentId: number) {
  return db
    .select({
      opensAt: exams.opensAt,
      dueDate: exams.dueDate,
      ownOpensAt: examOverrides.opensAt,
      ownDueDate: examOverrides.dueDate,
      extraMinutes: examOverrides.extraMinutes,
    })
    .from(exams)
    .leftJoin(examOverrides, and(eq(examOverrides.examId, exams.id), eq(examOverrides.studentId, studentId)))
    .where(eq(exams.id, examId))
    .then((rows) => rows[0]);
}

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
