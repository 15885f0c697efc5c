import { Badge, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatInTimeZone, JOB_STATES, type Job, type JobState } from '@valence/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { Panel } from '../../../components/panel';
import { useAddressSearch, usePageParam } from '../../../lib/paging';
import { useJobsPage } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';

export const JOBS_PAGE_SIZE = 20;

const STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  retry: 'Waiting to retry',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATE_COLORS: Record<JobState, string> = {
  queued: 'gray',
  retry: 'yellow',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

const isState = (value: string | null): value is JobState => JOB_STATES.includes(value as JobState);

function progressText(job: Job): string {
  const { progress } = job;
  if (!progress) return '–';
  const count = progress.total === null ? `${progress.done}` : `${progress.done} of ${progress.total}`;
  return progress.note ? `${count} (${progress.note})` : count;
}

/** What the job came to: the reason for a failure (or a retry's wait), the result's summary once done. */
function outcomeText(job: Job): string {
  return job.failureReason ?? job.resultSummary ?? '–';
}

function RetryButton({ job }: { job: Job }) {
  const retry = useRetryJob();
  return (
    <Button size="xs" variant="light" loading={retry.isPending} onClick={() => retry.mutate(job.id)}>
      Retry
    </Button>
  );
}

const columnsFor = (timeZone: string): Column<Job>[] => {
  const when = (value: string | null) => (value ? formatInTimeZone(value, timeZone) : '–');
  return [
    { header: 'Job', cell: (job) => job.name },
    {
      header: 'State',
      cell: (job) => (
        <Badge color={STATE_COLORS[job.state]} variant="light">
          {STATE_LABELS[job.state]}
        </Badge>
      ),
    },
    { header: 'Progress', cell: progressText },
    // The first attempt and each retry allowed.
    { header: 'Attempts', cell: (job) => `${job.attempts} of ${job.retryLimit + 1}` },
    { header: 'Queued', cell: (job) => when(job.createdOn) },
    { header: 'Started', cell: (job) => when(job.startedOn) },
    { header: 'Finished', cell: (job) => when(job.completedOn) },
    { header: 'Reason or result', cell: (job) => <Text size="sm">{outcomeText(job)}</Text> },
    { header: 'Actions', cell: (job) => (job.state === 'failed' ? <RetryButton job={job} /> : null) },
  ];
};

/**
 * The job queue (superadmin): every module's jobs, newest first, filtered by state and kind (both
 * kept in the address with the page); a failed one shows why and can be retried.
 */
export function JobsList({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const paging = usePageParam(JOBS_PAGE_SIZE);
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const nameParam = params.get('name') ?? '';
  const [name, setName] = useState(nameParam);

  const setFilter = (key: 'state' | 'name', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: key === 'name' },
    );

  // The kind typed reaches the address (and the server) 300 ms after the last key.
  useAddressSearch(name, nameParam, (sent) => setFilter('name', sent || null));

  const page = useJobsPage({
    page: paging.page,
    pageSize: JOBS_PAGE_SIZE,
    ...(state ? { state } : {}),
    ...(nameParam ? { name: nameParam } : {}),
  });

  return (
    <Panel title="Jobs">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="State"
            placeholder="All states"
            clearable
            data={JOB_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
            value={state ?? null}
            onChange={(value) => setFilter('state', value)}
          />
          <TextInput
            label="Kind"
            placeholder="e.g. reports.course-packs"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <PagedList
          query={page}
          paging={paging}
          loadingLabel="Loading jobs"
          errorText="Failed to load the jobs"
          emptyText="No jobs match these filters."
        >
          {(items) => <DataTable rows={items} columns={columnsFor(timeZone)} rowKey={(job) => job.id} label="Jobs" />}
        </PagedList>
      </Stack>
    </Panel>
  );
}
