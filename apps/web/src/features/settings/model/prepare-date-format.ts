import { prepareWallClock } from '@valence/contract';
import { useEffect } from 'react';
import { usePlatformTimeZone } from '../api/get-settings';

/**
 * For a page with dates on their way (`showsDates`; Manage Exams has none until a course is
 * chosen). A page's first date format takes tens of milliseconds to build (the browser loads its
 * locale data): this builds it in a task of its own just after the page first paints, while the
 * answers travel, rather than in the render that shows them. A page that shows no date until the
 * user asks (Students) leaves it out and never pays for it.
 */
export function usePrepareDateFormat(showsDates = true): void {
  const timeZone = usePlatformTimeZone();
  useEffect(() => {
    if (!showsDates) return;
    const timer = setTimeout(() => prepareWallClock(timeZone), 0);
    return () => clearTimeout(timer);
  }, [timeZone, showsDates]);
}
