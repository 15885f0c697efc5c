import { useCallback, useEffect, useRef, useState } from 'react';

/** One status line's message; `clearAfterMs` makes it disappear (spec: pause/resume after 3 s). */
export function useStatusMessage() {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: string | null, clearAfterMs?: number) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next && clearAfterMs !== undefined) timer.current = setTimeout(() => setMessage(null), clearAfterMs);
  }, []);

  return [message, show] as const;
}
