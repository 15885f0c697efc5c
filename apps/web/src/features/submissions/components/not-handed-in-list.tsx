import { Alert, Stack, Text } from '@mantine/core';
import { formatInTimeZone, PAGE_SIZE, type SittingRow } from '@valence/contract';
import { type Column, DataTable } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { SearchInput } from '../../../components/search-input';
import { failureText } from '../../../lib/failure-text';
import { usePagedSearch } from '../../../lib/paging';
import { useSittingsPage } from '../api/get-sittings';
import { SUBMISSION_TEXTS } from '../messages';

const wrap = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** How the screen names a student's place in a sitting that has no hand-in yet. */
const STATE_LABELS: Record<SittingRow['state'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  'handed-in': 'Handed in',
  'handed-in-at-deadline': 'Handed in at the deadline',
};

function columns(timeZone: string): Column<SittingRow>[] {
  const when = (iso: string | null) => (iso ? formatInTimeZone(iso, timeZone) : '—');
  return [
    {
      header: 'Student',
      cell: (row) => (
        <Stack gap={0} style={wrap}>
          <Text size="sm" fw={600} style={wrap}>
            {row.name?.trim() || row.username}
          </Text>
          <Text size="xs" c="dimmed">
            {row.username} · ID {row.studentId}
          </Text>
        </Stack>
      ),
    },
    { header: 'State', cell: (row) => STATE_LABELS[row.state] },
    { header: 'Started', cell: (row) => when(row.startedAt) },
    { header: 'Deadline', cell: (row) => when(row.deadline) },
  ];
}

/**
 * The exam's students who have not handed in (not started, or still sitting), searched on the
 * server by name or username: who to chase on exam day.
 */
export function NotHandedInList({ examId, timeZone }: { examId: number; timeZone: string }) {
  const list = usePagedSearch(PAGE_SIZE.submissions);
  const sittings = useSittingsPage(examId, list.request, 'not-handed-in');
  return (
    <Stack>
      <SearchInput label="Search students" placeholder="Search by name or username..." list={list} />
      {sittings.isError ? (
        <Alert color="red" role="alert">
          {failureText(sittings.error, SUBMISSION_TEXTS.loadFailed)}
        </Alert>
      ) : (
        <PagedList
          query={sittings}
          paging={list}
          loadingLabel="Loading students"
          errorText={SUBMISSION_TEXTS.loadFailed}
          emptyText={list.searching ? SUBMISSION_TEXTS.noMatch : 'Every student has handed in.'}
        >
          {(items) => (
            <DataTable rows={items} columns={columns(timeZone)} rowKey={(row) => row.studentId} label="Not handed in" />
          )}
        </PagedList>
      )}
    </Stack>
  );
}
