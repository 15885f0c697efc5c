import { type Role, STORAGE_KEYS } from '@valence/contract';
import { useSyncExternalStore } from 'react';

/** The session data kept in browser storage: jwtToken and roles, so a reload stays signed in. */
export type Session = { token: string; roles: Role[] };

// Components re-render on sign-in/out without a page reload, so writes notify subscribers.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

export function readSession(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (!token) return null;
  try {
    const roles = JSON.parse(localStorage.getItem(STORAGE_KEYS.roles) ?? '[]') as Role[];
    return { token, roles: Array.isArray(roles) ? roles : [] };
  } catch {
    return { token, roles: [] };
  }
}

export function writeSession(session: Session): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.roles, JSON.stringify(session.roles));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.roles);
  notify();
}

export const isSuperadmin = (session: Session | null) => session?.roles.includes('ROLE_SUPERADMIN') ?? false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes storage too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A stable snapshot: useSyncExternalStore needs the same object while storage is unchanged. */
function getSnapshot(): Session | null {
  const raw = `${localStorage.getItem(STORAGE_KEYS.token)}|${localStorage.getItem(STORAGE_KEYS.roles)}`;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
