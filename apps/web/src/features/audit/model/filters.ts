import type { AuditFilters } from '../../../lib/query-keys';

/** The address's params of the audit filters. */
export const AUDIT_PARAMS = { actor: 'actor', action: 'action', from: 'from', to: 'to' } as const;

/** The filters named in the address; an empty value is no filter. */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of Object.values(AUDIT_PARAMS)) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** Why the range cannot be asked for, in a sentence a person reads, or null when it can. */
export function rangeProblem(filters: AuditFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to
    ? 'The start date must not be after the end date.'
    : null;
}

/**
 * A value of the details as a person reads it: text and numbers as they are, yes/no, a dash for
 * nothing, a list comma-separated, an object as `key: value` pairs.
 */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(readable).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${readable(inner)}`)
      .join('; ');
  return String(value);
}
