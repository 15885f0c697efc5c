import { createSessionStore } from '../../lib/session-store';

/**
 * The student's session in browser storage, under keys of its own: a tutor signed in to the portal
 * in the same browser stays signed in when a student uses the app, and the reverse.
 */
const store = createSessionStore<string>({ token: 'valence.learn.token', roles: 'valence.learn.roles' });
/** Why the last session ended, shown once on the sign-in page. */
const ENDED_KEY = 'valence.learn.ended';

export type LearnSession = { token: string; roles: string[] };

export const readSession: () => LearnSession | null = store.read;
export const useSession: () => LearnSession | null = store.useSession;

export function writeSession(session: LearnSession): void {
  sessionStorage.removeItem(ENDED_KEY);
  store.write(session);
}

/** Ends the session here; `reason` is said once on the sign-in page (a forced logout, a new password). */
export function clearSession(reason?: string): void {
  if (reason) sessionStorage.setItem(ENDED_KEY, reason);
  store.clear();
}

/** The reason the last session ended, once: reading it forgets it. */
export function takeEndedReason(): string | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason;
}
