import { type Role, STORAGE_KEYS } from '@valence/contract';
import { createSessionStore } from './session-store';

/** The portal's session in browser storage: jwtToken and roles, so a reload stays signed in. */
export type Session = { token: string; roles: Role[] };

const store = createSessionStore<Role>(STORAGE_KEYS);

export const readSession: () => Session | null = store.read;
export const writeSession: (session: Session) => void = store.write;
export const clearSession: () => void = store.clear;
export const useSession: () => Session | null = store.useSession;

export const isSuperadmin = (session: Session | null) => session?.roles.includes('ROLE_SUPERADMIN') ?? false;
