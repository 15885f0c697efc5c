import { useSyncExternalStore } from 'react';
import type { StatusMessage } from './status';

/**
 * The page's one status line. Mutations write it through their `meta` texts (see query-client.ts);
 * work that is not a mutation (a video's duration probe) writes it directly. Its kind is set by the
 * code path (success or failure), never guessed from the words.
 */
let current: StatusMessage | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: StatusMessage | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows `status`; with `clearAfterMs` it disappears again (pause/resume messages go after 3 s). */
export function showStatus(status: StatusMessage | null, clearAfterMs?: number) {
  clearTimeout(timer);
  set(status);
  if (status && clearAfterMs !== undefined) timer = setTimeout(() => set(null), clearAfterMs);
}

export const clearStatus = () => showStatus(null);

export function useStatus(): StatusMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
