import { useEffect, useState } from 'react';

const LAST_MINUTES = 10 * 60_000;

/**
 * How long until a countdown to `dueAt` should next change: every second in its last ten minutes
 * (when each second counts), else every 30 s, which is enough for "2 h 05 min" and spares the battery.
 */
export function tickDelay(dueAt: number | null, now: number): number {
  if (dueAt === null) return 30_000;
  const left = dueAt - now;
  if (left <= 0) return 30_000;
  if (left <= LAST_MINUTES) return 1_000;
  // Wake up exactly when the last ten minutes begin, so the per-second ticking starts on time.
  return Math.min(30_000, left - LAST_MINUTES + 1);
}

/** The soonest due time still ahead among `dues` (ISO), or null: what a list's ticking follows. */
export function nextDue(dues: string[], now: number): number | null {
  let soonest: number | null = null;
  for (const due of dues) {
    const at = new Date(due).getTime();
    if (at > now && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
}

/** The current time, renewed as a countdown to `dueAt` needs it (see tickDelay). */
export function useNow(dueAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), tickDelay(dueAt, now));
    return () => clearTimeout(timer);
  }, [dueAt, now]);
  return now;
}
