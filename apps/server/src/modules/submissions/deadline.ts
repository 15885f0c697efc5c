import { examOpensMessage, formatInTimeZone, SUBMISSION_MESSAGES } from '@valence/contract';
import { sql } from 'drizzle-orm';
import { conflict, forbidden, type HttpError } from '../../lib/errors.js';
import type { ExamWindow } from '../exams/window.js';

/** One student's timing of one exam: their window (override applied), the exam's limit, their start. */
export type StudentTiming = ExamWindow & { timeLimitMinutes: number | null; startedAt: Date | null };

const MINUTE_MS = 60_000;

/**
 * When the student's time ends: untimed, at their close; timed, the earlier of start + limit + their
 * extra minutes and their close. Null for a timed exam not started yet: the clock has not begun.
 */
export function deadlineOf(timing: StudentTiming): Date | null {
  if (timing.timeLimitMinutes === null) return timing.dueDate;
  if (!timing.startedAt) return null;
  const end = timing.startedAt.getTime() + (timing.timeLimitMinutes + timing.extraMinutes) * MINUTE_MS;
  return new Date(Math.min(end, timing.dueDate.getTime()));
}

/**
 * The student's deadline as SQL over `exams e`, `exam_overrides o` and `exam_sittings si`: the rule
 * of `deadlineOf` (kept beside it; `deadline.api.test.ts` runs both over the same timings), their
 * close, or for a started timed sitting the earlier of that and start + limit + extra minutes
 * (`least` passes over the null of an untimed or unstarted one, where `deadlineOf` answers null).
 */
export const deadlineSql = sql`least(coalesce(o.due_date, e.due_date),
  case when e.time_limit_minutes is not null then
    si.started_at + (e.time_limit_minutes + coalesce(o.extra_minutes, 0)) * interval '1 minute' end)`;

/** Whether the student's opening is still ahead at `now`. */
export const notYetOpen = (timing: Pick<StudentTiming, 'opensAt'>, now: Date) =>
  timing.opensAt !== null && now < timing.opensAt;

/** 403 "This exam opens at …" in the platform's time zone, as the students' app shows it. */
export const opensLater = (opensAt: Date, timeZone: string): HttpError =>
  forbidden(examOpensMessage(formatInTimeZone(opensAt.toISOString(), timeZone)));

/**
 * Why the student may not answer (save a draft, hand in) at `began`, or null when they may: not open
 * yet (403); a timed exam not started (409) or past its deadline ("Time is up.", 409); an untimed
 * one past its close (409, the message it always had). `began` is now, except for a PART II script
 * whose upload began before the deadline and finishes within the grace (see `upload`).
 */
export function answerRefusal(timing: StudentTiming, began: Date, timeZone: string): HttpError | null {
  if (timing.opensAt !== null && began < timing.opensAt) return opensLater(timing.opensAt, timeZone);
  const deadline = deadlineOf(timing);
  if (timing.timeLimitMinutes === null) {
    return deadline && began >= deadline ? conflict(SUBMISSION_MESSAGES.pastDue) : null;
  }
  if (!deadline) {
    return began >= timing.dueDate ? conflict(SUBMISSION_MESSAGES.pastDue) : conflict(SUBMISSION_MESSAGES.notStarted);
  }
  return began >= deadline ? conflict(SUBMISSION_MESSAGES.timeUp) : null;
}
