/**
 * Young-generation collections once the server has been quiet for a while: after its start, and after
 * each busy spell. The server runs with V8's memory reducer off (`--no-memory-reducer`: with it on,
 * a large upload after an idle spell ran a full collection every 130 ms, see docs/operations.md), and
 * the reducer is what would otherwise hand an idle heap's spare room back. Started on PostgreSQL, the
 * server kept its young generation at the 32 MB the start had grown it to (126-130 MB RSS); collected
 * while quiet, it shrinks to 1-3 MB (99-104 MB RSS).
 *
 * Young only, on purpose: a full collection after an idle spell sets the old generation's next limit
 * just above its live size (V8 sizes it by the allocation rate it has just seen, near zero), and an
 * upload arriving then ran 75 full collections in 3.5 s, the reducer's storm again. A young collection
 * leaves that limit alone.
 *
 * Needs `gc` (`--expose-gc`, which `npm run serve` passes); without it nothing is done, as under a
 * plain `node main.js` the reducer is on and does this itself.
 */

export type Activity = {
  /** Requests being worked on now. */
  readonly count: number;
  /** Requests answered so far. */
  readonly answered: number;
};

export type IdleCollectionOptions = {
  /** How long no request may arrive or finish before the first collection. */
  quietMs?: number;
  /** How often the activity is looked at. */
  checkMs?: number;
  /** The collection; default a young-generation one by the global `gc` that `--expose-gc` provides. */
  collect?: (() => void) | undefined;
  now?: () => number;
};

/**
 * V8 gives the young generation's room back at a collection only when the program allocated little
 * over the last 5 s, and a start or a busy spell may still be inside that window at the first
 * collection (seen in 5 of 8 starts: the 32 MB stayed). A second collection this long after the first
 * finds the window quiet (8 of 8).
 */
export const SECOND_COLLECTION_AFTER_MS = 6000;

/** Starts watching `activity`; answers the function that stops it. */
export function collectWhenIdle(activity: Activity, options: IdleCollectionOptions = {}): () => void {
  const { quietMs = 5000, checkMs = 1000, collect = youngCollection(), now = Date.now } = options;
  if (!collect) return () => {};
  let seen = activity.answered;
  let quietSince = now();
  // Collections made in this quiet spell; the start's own garbage counts as a busy spell.
  let made = 0;
  const timer = setInterval(() => {
    if (activity.count > 0 || activity.answered !== seen) {
      seen = activity.answered;
      quietSince = now();
      made = 0;
      return;
    }
    const quiet = now() - quietSince;
    if ((made === 0 && quiet >= quietMs) || (made === 1 && quiet >= quietMs + SECOND_COLLECTION_AFTER_MS)) {
      made += 1;
      collect();
    }
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** `gc(true)`: a young-generation collection (scavenge), in every Node from 20 on. */
function youngCollection(): (() => void) | undefined {
  const gc = globalThis.gc;
  return gc ? () => gc(true) : undefined;
}
