import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShowStatus, StatusMessage } from './status';

/** One status line's message; `clearAfterMs` makes it disappear (spec: pause/resume after 3 s). */
export function useStatusMessage() {
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show: ShowStatus = useCallback((next, clearAfterMs) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next && clearAfterMs !== undefined) timer.current = setTimeout(() => setStatus(null), clearAfterMs);
  }, []);

  return [status, show] as const;
}
