import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { sendHeartbeat, sendHeartbeatBeacon } from '../api/send-heartbeat';
import { PlayTracker, type Segment } from './play-tracker';

/** A beat every 10 seconds while playing: the server allows a first beat up to 30 s of playing. */
export const BEAT_EVERY_MS = 10_000;

/**
 * A beat the server did not take for a reason that may pass (offline, a server fault, a viewing
 * changed meanwhile): its segments go again with the next beat. A refusal (400, 403, 404) would
 * only repeat itself, so those segments are dropped and tracking goes on.
 */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500;

export type Watch = {
  tracker: PlayTracker;
  /** Sends what was played since the last beat (on pause, on end; every 10 s on its own). */
  beat: () => void;
  /** The player's way to give the tracker its latest position just before a beat. */
  setSampler: (sample: (() => void) | null) => void;
};

/**
 * One viewing of a lecture: its key, made when the screen opens, and its heartbeats, every 10 s
 * while playing, on pause and end, and by beacon when the page hides or closes or the screen is
 * left. Each played second goes in exactly one beat the server takes, or in none if it refuses it.
 * Silent: a student is never told about beats.
 */
export function useHeartbeats(lectureId: number, duration: number): Watch {
  const [watch] = useState(() => createWatch(lectureId, duration));
  useEffect(() => watch.start(), [watch]);
  return watch;
}

function createWatch(lectureId: number, duration: number): Watch & { start: () => () => void } {
  const viewingKey = crypto.randomUUID();
  const tracker = new PlayTracker(duration);
  let sample: (() => void) | null = null;
  let inFlight = false;
  let again = false;
  /**
   * The position the server last heard: a beat with nothing played and the same position is not
   * sent. It starts at 0 so that opening a lecture and leaving it unplayed sends nothing, which would
   * make a new viewing at 0 the one to resume from.
   */
  let heard = 0;

  const take = (): { segments: Segment[]; position: number } | null => {
    sample?.();
    const segments = tracker.drain();
    const position = Math.round(tracker.position * 1000) / 1000;
    if (segments.length === 0 && position === heard) return null;
    return { segments, position };
  };

  const beat = () => {
    if (inFlight) {
      // One beat at a time: the server measures each against the time since the last one it took.
      again = true;
      return;
    }
    const next = take();
    if (!next) return;
    inFlight = true;
    sendHeartbeat(lectureId, { viewingKey, ...next })
      .then(() => {
        heard = next.position;
      })
      .catch((error: unknown) => {
        if (worthRetrying(error)) tracker.restore(next.segments);
      })
      .finally(() => {
        inFlight = false;
        if (again) {
          again = false;
          beat();
        }
      });
  };

  /** The page may be gone before a fetch answers: a beacon is handed to the browser instead. */
  const beacon = () => {
    const next = take();
    if (!next) return;
    if (sendHeartbeatBeacon(lectureId, { viewingKey, ...next })) heard = next.position;
    else {
      tracker.restore(next.segments);
      beat();
    }
  };

  const start = () => {
    const timer = window.setInterval(() => {
      // Also retries, while paused, what an earlier beat could not deliver.
      if (tracker.isPlaying || tracker.hasUnsent) beat();
    }, BEAT_EVERY_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') beacon();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', beacon);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', beacon);
      beacon();
    };
  };

  return {
    tracker,
    beat,
    setSampler: (next) => {
      sample = next;
    },
    start,
  };
}
