import { useSyncExternalStore } from 'react';

/**
 * The student's session in browser storage, under keys of its own: a tutor signed in to the portal
 * in the same browser stays signed in when a student uses the app, and the reverse.
 */
const TOKEN_KEY = 'valence.learn.token';
const ROLES_KEY = 'valence.learn.roles';
/** Why the last session ended, shown once on the sign-in page. */
const ENDED_KEY = 'valence.learn.ended';

export type LearnSession = { token: string; roles: string[] };

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: LearnSession | null = null;

export function readSession(): LearnSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  try {
    const roles: unknown = JSON.parse(localStorage.getItem(ROLES_KEY) ?? '[]');
    return { token, roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [] };
  } catch {
    return { token, roles: [] };
  }
}

export function writeSession(session: LearnSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(ROLES_KEY, JSON.stringify(session.roles));
  sessionStorage.removeItem(ENDED_KEY);
  for (const listener of listeners) listener();
}

/** Ends the session here; `reason` is said once on the sign-in page (a forced logout, a new password). */
export function clearSession(reason?: string): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLES_KEY);
  if (reason) sessionStorage.setItem(ENDED_KEY, reason);
  for (const listener of listeners) listener();
}

/** The reason the last session ended, once: reading it forgets it. */
export function takeEndedReason(): string | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing out in another tab (a shared phone) signs out this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function snapshot(): LearnSession | null {
  const raw = `${localStorage.getItem(TOKEN_KEY)}|${localStorage.getItem(ROLES_KEY)}`;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = readSession();
  }
  return cached;
}

export function useSession(): LearnSession | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
