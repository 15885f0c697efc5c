import { type AuditPage, auditActionsSchema, auditPageSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageQuery } from '../../../lib/paging';
import { apiQuery, pagedQuery } from '../../../lib/query';
import { type AuditFilters, keys } from '../../../lib/query-keys';

export type AuditRequest = PageRequest & AuditFilters;

/** One page of the audit log, newest first, under the chosen filters. */
export function getAuditPage(request: AuditRequest): Promise<AuditPage> {
  const { actor, action, from, to } = request;
  return read(
    client.GET('/audit', { params: { query: pageQuery(request, { actor, action, from, to }) } }),
    auditPageSchema,
  );
}

// Every change, by anyone, adds an entry: the log is read again whenever shown.
export const [auditQueryOptions, useAuditPage] = pagedQuery(keys.audit.page, getAuditPage, { staleTime: 0 });

/** Every kind of entry written so far, for the kind filter. */
export function getAuditActions(): Promise<string[]> {
  return read(client.GET('/audit/actions'), auditActionsSchema);
}

export const [auditActionsQueryOptions, useAuditActions] = apiQuery(() => keys.audit.actions, getAuditActions);
