import { Code, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AuditEntry, formatInTimeZone } from '@valence/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { DayInput } from '../../../components/day-input';
import { PagedList } from '../../../components/paged-list';
import { Panel } from '../../../components/panel';
import { useAddressSearch, usePageParam } from '../../../lib/paging';
import { auditQueryOptions, useAuditActions } from '../api/get-audit';
import { AUDIT_PARAMS, filtersFrom, rangeProblem, readable } from '../model/filters';

export const AUDIT_PAGE_SIZE = 20;

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text size="sm">–</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {readable(value)}
    </Code>
  );
}

const columnsFor = (timeZone: string): Column<AuditEntry>[] => [
  { header: 'When', cell: (entry) => formatInTimeZone(entry.at, timeZone) },
  {
    header: 'Who',
    cell: (entry) => (entry.actorId === null ? entry.actorUsername : `${entry.actorUsername} (#${entry.actorId})`),
  },
  { header: 'Kind', cell: (entry) => entry.action },
  { header: 'Target', cell: (entry) => entry.target },
  { header: 'Before', cell: (entry) => <Change value={entry.before} /> },
  { header: 'After', cell: (entry) => <Change value={entry.after} /> },
  { header: 'Details', cell: (entry) => <Change value={entry.details} /> },
];

/**
 * Who did what and when: filters by person (username or id), kind and day range, kept in the
 * address with the page; any filter change goes back to page 1.
 */
export function AuditLog({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const paging = usePageParam(AUDIT_PAGE_SIZE);
  const filters = filtersFrom(params);
  const problem = rangeProblem(filters);
  // While a box holds a text that is no day, the list would answer for a day not shown: it waits.
  const [typed, setTyped] = useState({ from: true, to: true });
  const asking = problem === null && typed.from && typed.to;
  const actions = useAuditActions();
  const [person, setPerson] = useState(filters.actor ?? '');

  const setFilter = (name: keyof typeof AUDIT_PARAMS, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(AUDIT_PARAMS[name], value);
        else next.delete(AUDIT_PARAMS[name]);
        next.delete('page');
        return next;
      },
      { replace: name === 'actor' },
    );

  // The person typed reaches the address (and the server) 300 ms after the last key.
  useAddressSearch(person, filters.actor ?? '', (sent) => setFilter('actor', sent || null));

  const request = { page: paging.page, pageSize: AUDIT_PAGE_SIZE, ...filters };
  // A range the server would refuse is not asked for: its problem shows under the To field instead.
  const page = useQuery({ ...auditQueryOptions(request), enabled: asking });

  return (
    <Panel title="Audit log">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Person"
            placeholder="Username or id"
            value={person}
            onChange={(event) => setPerson(event.currentTarget.value)}
          />
          <Select
            label="Kind"
            placeholder="All kinds"
            clearable
            searchable
            data={actions.data ?? []}
            value={filters.action ?? null}
            onChange={(value) => setFilter('action', value)}
          />
          <DayInput
            label="From"
            value={filters.from ?? null}
            onChange={(value) => setFilter('from', value)}
            onTypedChange={(ok) => setTyped((current) => ({ ...current, from: ok }))}
          />
          <DayInput
            label="To"
            value={filters.to ?? null}
            onChange={(value) => setFilter('to', value)}
            onTypedChange={(ok) => setTyped((current) => ({ ...current, to: ok }))}
            error={problem}
          />
        </SimpleGrid>
        <Group>
          <Text size="xs" c="dimmed">
            Days are read in the platform time zone ({timeZone}); both days are included.
          </Text>
        </Group>
        {!asking && <Text c="dimmed">The entries show once the days above are mended.</Text>}
        {asking && (
          <PagedList
            query={page}
            paging={paging}
            loadingLabel="Loading audit log"
            errorText="Failed to load the audit log"
            emptyText="No entries match these filters."
          >
            {(items) => (
              <DataTable
                rows={items}
                columns={columnsFor(timeZone)}
                rowKey={(entry) => entry.id}
                label="Audit entries"
              />
            )}
          </PagedList>
        )}
      </Stack>
    </Panel>
  );
}
