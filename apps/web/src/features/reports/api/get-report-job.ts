import { type ReportJob, reportJobSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getReportJob(jobId: number): Promise<ReportJob> {
  return apiFetch(`/report-jobs/${jobId}`, {}, reportJobSchema);
}

const finished = (job: ReportJob | undefined) =>
  job?.status === 'done' || job?.status === 'failed' || job?.status === 'expired';

/** The job, asked again every second until it is done, failed or expired. */
export const [reportJobQueryOptions, useReportJob] = apiQuery(keys.reportJob, getReportJob, {
  refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
});
