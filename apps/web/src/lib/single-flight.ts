import { useRef } from 'react';

/**
 * `action` that ignores calls while its last call is still running. A mutation's `isPending` (and
 * the button's `loading`) only show once React has drawn again; two clicks of a quick double click
 * can both land before that, and each would send its own import or copy. The ref is set at once.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const running = useRef(false);
  return async (...args: A): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await action(...args);
    } finally {
      running.current = false;
    }
  };
}
