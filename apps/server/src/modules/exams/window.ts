/**
 * When one student may sit one exam: the exam's own opening and close, each replaced by the
 * student's override where it sets one, and the extra minutes a timed sitting gets (0 without).
 * Read afresh with each student's timing (`submissions/reads-student-exams.ts`, never cached): an
 * edited due date or override counts at once, so a sitting in progress ends at the new time.
 */
export type ExamWindow = { opensAt: Date | null; dueDate: Date; extraMinutes: number };

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
