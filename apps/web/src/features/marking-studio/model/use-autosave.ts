import type { Annotation } from '@valence/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type Stale, staleChangeOf } from '../../../lib/stale-change';
import { saveAnnotations, saveAnnotationsOnLeave } from '../api/save-annotations';

export type SaveState = 'saved' | 'saving' | 'retrying' | 'stale';

export const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  retrying: 'Not saved: retrying',
  stale: 'Not saved: changed elsewhere',
};

/** How long after the last change the set is sent, and how long after a failure it is sent again. */
export const AUTOSAVE_DELAY_MS = 1000;
export const RETRY_DELAY_MS = 5000;

/**
 * Keeps the server's copy of a script's annotations equal to the page's: the whole set is sent a
 * second after the last change, again after a failure, and once more as the page is hidden or closed
 * (a keepalive request, which outlives the page). `flush` sends at once and waits: the mark is saved
 * only after it, since the server draws the marked paper from the saved set.
 *
 * Each save is based on the script's version in `base` (If-Match) and moves it on to the one the
 * server answers. A save refused because someone saved the script since stops the saving (`stale`,
 * told through `onStale`) until the tutor chooses: `resume` after taking their version into `base`
 * (overwrite), or `discard` before reading the script again (reload).
 */
export function useAutosave(
  submissionId: number,
  items: Annotation[],
  version: number,
  base: RefObject<number>,
  onStale: (stale: Stale) => void,
) {
  const [state, setState] = useState<SaveState>('saved');
  const latest = useRef({ items, version, saved: version });
  latest.current.items = items;
  latest.current.version = version;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  /** The refusal that stopped the saving, until the tutor chooses. */
  const halted = useRef<unknown>(null);
  const told = useRef(onStale);
  told.current = onStale;

  const send = useCallback(async (): Promise<void> => {
    // One request at a time; a change made meanwhile is sent after it.
    if (running.current) await running.current.catch(() => undefined);
    if (halted.current) throw halted.current;
    const { items: current, version: sending } = latest.current;
    if (sending === latest.current.saved) return;
    setState('saving');
    const request = saveAnnotations(submissionId, current, base.current).then((answer) => {
      base.current = answer.version;
      latest.current.saved = Math.max(latest.current.saved, sending);
    });
    running.current = request;
    try {
      await request;
      setState(latest.current.version === latest.current.saved ? 'saved' : 'saving');
    } catch (error) {
      const stale = staleChangeOf(error);
      if (stale) {
        halted.current = error;
        clearTimeout(timer.current);
        setState('stale');
        told.current(stale);
        throw error;
      }
      setState('retrying');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send().catch(() => undefined), RETRY_DELAY_MS);
      throw error;
    } finally {
      if (running.current === request) running.current = null;
    }
  }, [submissionId, base]);

  // A change: send it a second after the last one.
  useEffect(() => {
    if (version === latest.current.saved || halted.current) return;
    setState((now) => (now === 'retrying' ? now : 'saving'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send().catch(() => undefined), AUTOSAVE_DELAY_MS);
  }, [version, send]);

  // Leaving: the tab hidden or closed, or another script opened in its place.
  useEffect(() => {
    const leave = () => {
      if (latest.current.version === latest.current.saved || halted.current) return;
      clearTimeout(timer.current);
      saveAnnotationsOnLeave(submissionId, latest.current.items, base.current);
      latest.current.saved = latest.current.version;
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer.current);
      leave();
    };
  }, [submissionId, base]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    await send();
  }, [send]);

  /** Saving goes on (the tutor chose to overwrite: `base` holds the newer version now). */
  const resume = useCallback(() => {
    halted.current = null;
    setState(latest.current.version === latest.current.saved ? 'saved' : 'saving');
  }, []);

  /** What is drawn here is let go, never sent (the tutor chose to reload the script). */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    latest.current.saved = latest.current.version;
  }, []);

  return { state, flush, resume, discard };
}
