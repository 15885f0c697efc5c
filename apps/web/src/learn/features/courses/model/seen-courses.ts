import type { Course } from '@valence/contract';

const KEY = 'valence.learn.seen-courses';

/**
 * The courses this device showed last time, so a course that is no longer listed (paused by the
 * tutor, or the enrolment ended) can be named in a short note rather than vanish without a word.
 * Answers the titles missing now, and remembers the current list.
 */
export function goneSinceLastVisit(courses: Course[]): string[] {
  let before: { id: number; title: string }[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (Array.isArray(parsed)) before = parsed.filter((c) => typeof c?.id === 'number' && typeof c?.title === 'string');
  } catch {
    // A damaged entry is forgotten.
  }
  const now = new Set(courses.map((course) => course.id));
  const gone = before.filter((course) => !now.has(course.id)).map((course) => course.title);
  // A gone course stays remembered until it is back, so the note does not vanish on the next visit.
  const keep = [...courses.map(({ id, title }) => ({ id, title })), ...before.filter((c) => !now.has(c.id))];
  localStorage.setItem(KEY, JSON.stringify(keep));
  return gone;
}
