import { type Exam, formatInTimeZone } from '@valence/contract';

type MarksQuestion = {
  exam: Pick<Exam, 'submissionCount' | 'unmarkedCount' | 'dueDate'>;
  /** The course's enrolments, or null when they could not be read: the question then leaves them out. */
  classSize: number | null;
  timeZone: string;
  now?: Date;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a tutor is asked before marks go out: who has not handed in, scripts still unmarked, and
 * whether students may still hand in (marks published while the exam is open reach students who
 * have not sat it yet).
 */
export function marksQuestion({ exam, classSize, timeZone, now = new Date() }: MarksQuestion): string {
  const warnings: string[] = [];
  const missing = classSize === null ? 0 : Math.max(0, classSize - exam.submissionCount);
  if (classSize !== null && missing > 0) {
    warnings.push(`${missing} of ${plural(classSize, 'student has', 'students have')} not handed in.`);
  }
  if (exam.unmarkedCount > 0) {
    warnings.push(`${plural(exam.unmarkedCount, 'script is', 'scripts are')} still unmarked.`);
  }
  if (new Date(exam.dueDate) > now) {
    warnings.push(`The exam is still open until ${formatInTimeZone(exam.dueDate, timeZone)}.`);
  }
  if (warnings.length > 0) return `${warnings.join(' ')} Publish the marks anyway?`;
  const everyone =
    classSize === null
      ? 'Every script is marked.'
      : `All ${plural(classSize, 'student has', 'students have')} handed in and every script is marked.`;
  return `${everyone} Publish the marks to the students?`;
}
