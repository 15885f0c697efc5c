import type { MyMarksPart, MyMarksRow } from '@valence/contract';
import { i18next } from '../../../lib/i18n';

/** What an absent mark shows: a part not marked (or not published) is absent, never zero. */
export const NO_SCORE = '—';

/**
 * A mark with at most two decimals and no trailing zeros ("40", "41.5", "42.18"), rounded as written
 * in decimal: 42.175 shows 42.18, where rounding the binary float would give 42.17.
 */
export function formatScore(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return NO_SCORE;
  const shifted = Number(`${score}e2`);
  const cents = Math.round(Number.isNaN(shifted) ? score * 100 : shifted);
  return String(cents / 100);
}

/** "40 / 50", or the absent mark alone: "— / 50" would read as a mark. */
export function scoreOutOf(score: number | null | undefined, outOf: number): string {
  const text = formatScore(score);
  return text === NO_SCORE ? text : `${text} / ${outOf}`;
}

export type PartTone = 'ok' | 'warn' | 'off' | '';

/** Where a part stands, in the student's words (the app's language), and the badge's colour. */
export function partStatus(part: MyMarksPart): { label: string; tone: PartTone } {
  const { t } = i18next;
  if (part.status === 'Not Submitted') return { label: t('marks.status.notSubmitted'), tone: 'off' };
  if (part.status === 'Marked') return { label: t('marks.status.marked'), tone: 'ok' };
  if (!part.published) return { label: t('marks.status.notPublished'), tone: 'warn' };
  return { label: t('marks.status.notMarked'), tone: '' };
}

/**
 * When the total counts one part only, so it is never read as the final mark: a perfect MCQ alone
 * is 50 of the 100, and a PART II alone counts half. Said also when the other part is not known to
 * the student at all (its exam may be published later).
 */
export function partialTotalNote(row: Pick<MyMarksRow, 'mcq' | 'partTwo'>): string | null {
  const mcq = typeof row.mcq?.score === 'number';
  const partTwo = typeof row.partTwo?.score === 'number';
  if (mcq && !partTwo) return i18next.t('marks.mcqOnly');
  if (!mcq && partTwo) return i18next.t('marks.partTwoOnly');
  return null;
}

/** `my_marks_{username}.pdf`, anything but letters and digits made an underscore, safe in any file system. */
export const marksFileName = (username: string) => `my_marks_${username.replace(/[^A-Za-z0-9]/g, '_')}.pdf`;

/** A part in one short cell (the PDF's table): its mark once published, else where it stands. */
export function partCell(part: MyMarksPart | null, outOf: number): string {
  if (!part) return NO_SCORE;
  if (part.status === 'Marked') return scoreOutOf(part.score, outOf);
  if (part.status === 'Not Submitted') return 'Not submitted';
  return part.published ? 'Not marked yet' : 'Not published yet';
}
