import type { DbOrTx } from '../../db/client.js';
import { findWindowRow } from './override-repository.js';

/**
 * When one student may sit one exam: the exam's own opening and close, each replaced by the
 * student's override where it sets one, and the extra minutes a timed sitting gets (0 without).
 * Read afresh on every call (never cached): an edited due date or override counts at once, so a
 * sitting in progress ends at the new time.
 */
export type ExamWindow = { opensAt: Date | null; dueDate: Date; extraMinutes: number };

/** The student's window for the exam, or null for an unknown exam. One statement. */
export async function windowFor(db: DbOrTx, examId: number, studentId: number): Promise<ExamWindow | null> {
  const row = await findWindowRow(db, examId, studentId);
  if (!row) return null;
  return applyOverride(row, { opensAt: row.ownOpensAt, dueDate: row.ownDueDate, extraMinutes: row.extraMinutes });
}

/** The exam's own window with a student's override (or none: all null) applied over it. */
export function applyOverride(
  exam: { opensAt: Date | null; dueDate: Date },
  override: { opensAt: Date | null; dueDate: Date | null; extraMinutes: number | null } | null,
): ExamWindow {
  return {
    opensAt: override?.opensAt ?? exam.opensAt,
    dueDate: override?.dueDate ?? exam.dueDate,
    extraMinutes: override?.extraMinutes ?? 0,
  };
}
