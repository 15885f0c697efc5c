/** From this share of a lecture played, the course list marks it Watched. */
export const WATCHED_FROM = 0.9;

export type WatchedShare = { percent: number; watched: boolean };

/**
 * How much of a lecture the student has played, for the course list; null when that cannot be said
 * (a lecture of unknown length, or an answer without the figure). The percentage is rounded down,
 * so a lecture short of the mark never reads "90 %" beside no Watched mark.
 */
export function watchedShare(watchedSeconds: number | undefined, duration: number): WatchedShare | null {
  if (watchedSeconds === undefined || !(duration > 0)) return null;
  const share = Math.min(1, Math.max(0, watchedSeconds / duration));
  return { percent: Math.floor(share * 100), watched: share >= WATCHED_FROM };
}
