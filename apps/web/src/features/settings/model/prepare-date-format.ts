import { prepareWallClock } from '@valence/contract';
import { useEffect } from 'react';
import { usePlatformTimeZone } from '../api/get-settings';

/**
 * For a page whose first answers hold dates to show. A page's first date format takes tens of
 * milliseconds to build (the browser loads its locale data); this builds it in a task of its own
 * just after the page first paints, while the answers are on their way, rather than in the render
 * that shows them. A page that shows no date until the user asks (Students) leaves it out and
 * never pays for it.
 */
export function usePrepareDateFormat(): void {
  const timeZone = usePlatformTimeZone();
  useEffect(() => {
    const timer = setTimeout(() => prepareWallClock(timeZone), 0);
    return () => clearTimeout(timer);
  }, [timeZone]);
}
