import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { formatDuration, formatInTimeZone, PAGE_SIZE, type WatchRecord } from '@valence/contract';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { usePagedSearch } from '../../../lib/paging';
import { useDeleteWatchRecord } from '../api/delete-watch-record';
import { useExportWatchPdf } from '../api/export-watch-pdf';
import { useWatchRecords } from '../api/get-watch-records';

const SORTS = [
  { value: '-timestamp', label: 'Watched at (newest first)' },
  { value: 'timestamp', label: 'Watched at (oldest first)' },
  { value: 'videoName', label: 'Video name (A–Z)' },
  { value: '-videoName', label: 'Video name (Z–A)' },
  { value: '-watchedDuration', label: 'Duration (longest first)' },
  { value: 'watchedDuration', label: 'Duration (shortest first)' },
];

type WatchRecordsProps = { username: string; canDelete: boolean; timeZone: string };

/** A student's watch records: filters, a sort, 5 a page, delete (superadmin) and the PDF report. */
export function WatchRecords({ username, canDelete, timeZone }: WatchRecordsProps) {
  const list = usePagedSearch(PAGE_SIZE.watchTime);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState('-timestamp');
  const filters = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const records = useWatchRecords(username, { ...list.request, ...filters, sort });
  const remove = useDeleteWatchRecord();
  const exportPdf = useExportWatchPdf();
  const filtered = list.searching || from !== '' || to !== '';

  // Each day is whole in the platform time zone; a new range starts again at page 1.
  const dayInput = (
    label: string,
    value: string,
    set: (day: string) => void,
    range: { min?: string; max?: string },
  ) => (
    <TextInput
      type="date"
      label={label}
      value={value}
      {...range}
      onChange={(event) => {
        set(event.currentTarget.value);
        list.setPage(1);
      }}
    />
  );

  async function handleDelete(record: WatchRecord) {
    const sure = await confirmDialog({
      title: 'Confirm Delete',
      message: `Delete the record of ${record.videoName}?`,
      confirmLabel: 'Delete',
    });
    if (sure) remove.mutate(record.id);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Watch Time Records">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>Watch Time Records</Title>
          <Button
            variant="light"
            loading={exportPdf.isPending}
            onClick={() => exportPdf.mutate({ username, timeZone, filters: { ...filters, q: list.request.q, sort } })}
          >
            Export PDF
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Video name"
            placeholder="Filter by video name..."
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
          />
          {dayInput('Start date', from, setFrom, { max: to || undefined })}
          {dayInput('End date', to, setTo, { min: from || undefined })}
          <NativeSelect
            label="Sort by"
            data={SORTS}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value)}
          />
        </SimpleGrid>
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              list.setSearch('');
              setFrom('');
              setTo('');
            }}
          >
            Clear filters
          </Button>
        )}
        <PagedList
          query={records}
          paging={list}
          loadingLabel="Loading watch records"
          errorText="Error fetching student data"
          emptyText={filtered ? 'No records match these filters.' : 'No watch records yet.'}
        >
          {(items) => (
            <DataTable
              label="Watch Time Records"
              rows={items}
              rowKey={(record) => record.id}
              columns={[
                { header: 'Video Name', cell: (r) => r.videoName },
                { header: 'Watched At', cell: (r) => formatInTimeZone(r.timestamp, timeZone) },
                { header: 'Duration', cell: (r) => formatDuration(r.watchedDuration) },
                ...(canDelete
                  ? [
                      {
                        header: 'Actions',
                        cell: (r: WatchRecord) => (
                          <Button size="compact-sm" color="red" variant="light" onClick={() => handleDelete(r)}>
                            Delete
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </PagedList>
      </Stack>
    </Card>
  );
}
