import { useEffect, useReducer } from 'react';
import { serverNow } from '../../../lib/server-clock';

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

/**
 * The current time, renewed as a countdown to `dueAt` needs it (see tickDelay). The server's time
 * as far as the phone knows it (lib/server-clock), so a phone set ten minutes wrong counts right;
 * read afresh on every render, so an answer that teaches the offset counts at once.
 */
export function useNow(dueAt: number | null): number {
  const [tick, next] = useReducer((n: number) => n + 1, 0);
  const now = serverNow();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each drawn tick (`tick`) schedules the next.
  useEffect(() => {
    const timer = setTimeout(next, tickDelay(dueAt, serverNow()));
    return () => clearTimeout(timer);
  }, [dueAt, tick]);
  return now;
}

/**
 * Milliseconds left until `deadline` (the server's time), or null without one; never below 0.
 * Renewed on each whole second of what is left, so "0:01" turns over when the server's second does.
 */
export function useTimeLeft(deadline: number | null): number | null {
  const [tick, next] = useReducer((n: number) => n + 1, 0);
  const left = deadline === null ? null : Math.max(0, deadline - serverNow());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each drawn second (`tick`) schedules the next.
  useEffect(() => {
    if (deadline === null) return;
    const rest = deadline - serverNow();
    if (rest <= 0) return;
    const timer = setTimeout(next, rest % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [deadline, tick]);
  return left;
}
