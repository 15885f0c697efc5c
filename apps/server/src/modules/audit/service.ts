import { type AuditEntry, type AuditPage, type AuditQuery, instantOf } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { type AuditFilter, auditActions, auditCount, auditPage } from '../../lib/audit.js';

/** A page when the caller names no limit. */
export const AUDIT_DEFAULT_LIMIT = 25;

type Deps = Pick<FastifyInstance, 'db' | 'config'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry as the audit screen shows it: `before` and `after` lifted out of the details where the
 * entry recorded them (a grade), and the rest of the details as written.
 */
export function toEntry(row: {
  id: number;
  at: Date;
  actorId: number | null;
  actorUsername: string;
  action: string;
  target: string;
  details: unknown;
}): AuditEntry {
  const details = isRecord(row.details) ? row.details : null;
  const { before = null, after = null, ...rest } = details ?? {};
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    target: row.target,
    before,
    after,
    details: details ? rest : null,
  };
}

/** The audit log for the superadmin: who did what and when, filtered and paged in SQL, newest first. */
export class AuditService {
  constructor(private readonly deps: Deps) {}

  /**
   * `actor` is an account id when it is a whole number, else a username as recorded (any case);
   * `from` and `to` are whole days in the platform time zone, as the other date filters read them.
   */
  async list(query: AuditQuery): Promise<AuditPage> {
    const { timeZone } = this.deps.config;
    const actor = query.actor;
    const filter: AuditFilter = {
      ...(actor && /^[1-9]\d{0,9}$/.test(actor) && Number(actor) <= 2_147_483_647
        ? { actorId: Number(actor) }
        : actor
          ? { actorUsername: actor }
          : {}),
      action: query.action,
      ...(query.from ? { from: instantOf(`${query.from}T00:00`, timeZone) } : {}),
      ...(query.to ? { to: instantOf(`${query.to}T23:59:59.999`, timeZone) } : {}),
    };
    const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const rows = limit === 0 ? [] : await auditPage(this.deps.db, filter, { limit, offset });
    const total = rows[0]?.total ?? (await auditCount(this.deps.db, filter));
    return { items: rows.map(toEntry), total, limit, offset };
  }

  actions(): Promise<string[]> {
    return auditActions(this.deps.db);
  }
}
