import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clearStatus, useStatus } from '../lib/status-store';
import { StatusLine } from './status-line';

/** Where a page shows its status line; a message never follows the user to another page. */
export function StatusOutlet() {
  const status = useStatus();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is exactly when to clear.
  useEffect(() => {
    clearStatus();
    return clearStatus;
  }, [pathname]);
  return <StatusLine status={status} />;
}
