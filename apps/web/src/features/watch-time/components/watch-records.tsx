import { Button, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import {
  DATE_YEARS,
  daySchema,
  formatDuration,
  formatInTimeZone,
  PAGE_SIZE,
  type WatchRecord,
} from '@valence/contract';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-dialog';
import { type Column, DataTable, dangerColumn } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { Panel } from '../../../components/panel';
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

type WatchRecordsProps = {
  username: string;
  /** The student's name, for the PDF. */
  studentName?: string | null;
  canDelete: boolean;
  timeZone: string;
  /** Put before the list's search params, so it keeps apart from another list on the same screen. */
  paramPrefix?: string;
};

const DEFAULT_SORT = '-timestamp';

const FILTER_DAYS = { from: daySchema('from'), to: daySchema('to') };
const FIRST_DAY = `${DATE_YEARS.first}-01-01`;
const LAST_DAY = `${DATE_YEARS.last}-12-31`;

/** The contract's refusal of a day typed into a filter, in the server's words; null when empty or fine. */
const dayProblem = (field: keyof typeof FILTER_DAYS, day: string) =>
  day ? (FILTER_DAYS[field].safeParse(day).error?.issues[0]?.message ?? null) : null;

/** A student's watch records: filters, a sort, 5 a page, delete (superadmin) and the PDF report. */
export function WatchRecords({ username, studentName = null, canDelete, timeZone, paramPrefix }: WatchRecordsProps) {
  const list = usePagedSearch(PAGE_SIZE.watchTime, { prefix: paramPrefix, defaultSort: DEFAULT_SORT });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const sort = list.sort ?? DEFAULT_SORT;
  const fromProblem = dayProblem('from', from);
  const toProblem = dayProblem('to', to);
  // A day the server would refuse stays out of the query; its input says why instead.
  const filters = { ...(from && !fromProblem ? { from } : {}), ...(to && !toProblem ? { to } : {}) };
  const records = useWatchRecords(username, { ...list.request, ...filters, sort });
  const remove = useDeleteWatchRecord();
  const exportPdf = useExportWatchPdf();
  const filtered = list.searching || from !== '' || to !== '';

  // Each day is whole in the platform time zone; a new range starts again at page 1.
  const dayInput = (
    label: string,
    value: string,
    set: (day: string) => void,
    range: { min?: string | undefined; max?: string | undefined },
    problem: string | null,
  ) => (
    <TextInput
      type="date"
      label={label}
      value={value}
      min={range.min ?? FIRST_DAY}
      max={range.max ?? LAST_DAY}
      error={problem}
      onChange={(event) => {
        set(event.currentTarget.value);
        list.setPage(1);
      }}
    />
  );

  async function handleDelete(record: WatchRecord) {
    const sure = await confirmAction('Delete', `Delete the record of ${record.videoName}?`);
    if (sure) remove.mutate(record.id);
  }

  const columns: Column<WatchRecord>[] = [
    { header: 'Video Name', cell: (r) => r.videoName },
    { header: 'Watched At', cell: (r) => formatInTimeZone(r.timestamp, timeZone) },
    { header: 'Duration', cell: (r) => formatDuration(r.watchedDuration) },
    ...(canDelete ? [dangerColumn('Delete', handleDelete)] : []),
  ];

  return (
    <Panel
      title="Watch Time Records"
      actions={
        <Button
          variant="light"
          loading={exportPdf.isPending}
          onClick={() =>
            exportPdf.mutate({ username, studentName, timeZone, filters: { ...filters, q: list.request.q, sort } })
          }
        >
          Export PDF
        </Button>
      }
    >
      {/*
        As many columns as the panel has room for, not as the window has: beside the student list
        (1200 px and up) four columns cut "Watched at (newest first)" short. 15rem holds the
        longest sort; min() keeps one column within a phone.
      */}
      <SimpleGrid minColWidth="min(15rem, 100%)" autoFlow="auto-fit">
        <TextInput
          label="Video name"
          placeholder="Filter by video name..."
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
        />
        {dayInput('Start date', from, setFrom, { max: to && !toProblem ? to : undefined }, fromProblem)}
        {dayInput('End date', to, setTo, { min: from && !fromProblem ? from : undefined }, toProblem)}
        <NativeSelect
          label="Sort by"
          data={SORTS}
          value={sort}
          onChange={(event) => list.setSort(event.currentTarget.value)}
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
        {(items) => <DataTable label="Watch Time Records" rows={items} rowKey={(r) => r.id} columns={columns} />}
      </PagedList>
    </Panel>
  );
}
