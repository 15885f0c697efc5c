import { type JobState, type JobsPage, jobsPageSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { type PageRequest, pageQuery } from '../../../lib/paging';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export type JobsRequest = PageRequest & { state?: JobState; name?: string };

/** One page of the queue's jobs, newest first, in one state and of one kind when chosen. */
export function getJobsPage(request: JobsRequest): Promise<JobsPage> {
  const { state, name } = request;
  // The state keeps its own type (pageQuery hands every filter back as text).
  const query = { ...pageQuery(request, { name }), ...(state ? { state } : {}) };
  return read(client.GET('/jobs', { params: { query } }), jobsPageSchema);
}

// Jobs move on by themselves (a worker's progress, a retry's back-off): read again whenever shown,
// and every few seconds while the screen is open.
export const [jobsQueryOptions, useJobsPage] = pagedQuery(keys.jobs.page, getJobsPage, {
  staleTime: 0,
  refetchInterval: 5000,
});
