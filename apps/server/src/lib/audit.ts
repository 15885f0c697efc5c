import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { Principal } from './principal.js';

/** Deletes, grades and publishes are written down (who, what, when), so a changed mark can be traced. */
export async function audit(
  db: DbOrTx,
  actor: Principal | null,
  action: string,
  target: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? 'system',
    action,
    target,
    details: details ?? null,
  });
}
