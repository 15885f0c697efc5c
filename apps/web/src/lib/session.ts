import { type Role, STORAGE_KEYS } from '@valence/contract';

/** The spec's session data: jwtToken and roles in browser storage. */
export type Session = { token: string; roles: Role[] };

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
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.roles);
}

export const isSuperadmin = (session: Session | null) => session?.roles.includes('ROLE_SUPERADMIN') ?? false;
