import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { failure } from '../lib/status';
import { clearStatus, showStatus, useStatus } from '../lib/status-store';
import { StatusLine } from './status-line';

/** A page that sends the user elsewhere with a reason navigates with this state: `{ failure: '…' }`. */
export type CarriedFailure = { failure?: string };

/**
 * Where a page shows its status line; a message never follows the user to another page, except a
 * reason the previous page sent along with the navigation (a non-MCQ exam's questions page).
 */
export function StatusOutlet() {
  const status = useStatus();
  const { pathname, state } = useLocation();
  const carried = (state as CarriedFailure | null)?.failure;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is exactly when to clear.
  useEffect(() => {
    showStatus(carried ? failure(carried) : null);
    return clearStatus;
  }, [pathname]);
  return <StatusLine status={status} />;
}
