import type { Role } from '@valence/contract';

/**
 * The signed-in caller. Kept here, below plugins and modules, because the audit log and every
 * service take it while only the auth plugin makes it.
 */
export type Principal = { id: number; username: string; role: Role };
