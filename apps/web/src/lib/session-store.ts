import { useSyncExternalStore } from 'react';

/** A session kept in browser storage: the token and the roles, so a reload stays signed in. */
export type StoredSession = { token: string; roles: string[] };

/**
 * A session in localStorage under the given keys, shared by the portal and the students' app (each
 * with keys of its own, so a tutor and a student on one browser do not sign each other in or out).
 * Writes notify subscribers, so screens re-render on sign-in and sign-out without a reload; another
 * tab's change reaches them through the storage event.
 */
export function createSessionStore<R extends string>(keys: { token: string; roles: string }) {
  type Session = { token: string; roles: R[] };
  const listeners = new Set<() => void>();
  let cachedRaw: string | undefined;
  let cached: Session | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function read(): Session | null {
    const token = localStorage.getItem(keys.token);
    if (!token) return null;
    try {
      const roles: unknown = JSON.parse(localStorage.getItem(keys.roles) ?? '[]');
      return { token, roles: Array.isArray(roles) ? roles.filter((role): role is R => typeof role === 'string') : [] };
    } catch {
      return { token, roles: [] };
    }
  }

  function write(session: Session): void {
    localStorage.setItem(keys.token, session.token);
    localStorage.setItem(keys.roles, JSON.stringify(session.roles));
    notify();
  }

  function clear(): void {
    localStorage.removeItem(keys.token);
    localStorage.removeItem(keys.roles);
    notify();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }

  /** A stable snapshot: useSyncExternalStore needs the same object while storage is unchanged. */
  function snapshot(): Session | null {
    const raw = `${localStorage.getItem(keys.token)}|${localStorage.getItem(keys.roles)}`;
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = read();
    }
    return cached;
  }

  const useSession = (): Session | null => useSyncExternalStore(subscribe, snapshot, () => null);

  return { read, write, clear, useSession };
}
