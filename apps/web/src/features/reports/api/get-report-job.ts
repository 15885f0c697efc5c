import { type ReportJob, reportJobSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getReportJob(jobId: string): Promise<ReportJob> {
  return read(client.GET('/report-jobs/{jobId}', { params: { path: { jobId } } }), reportJobSchema);
}

const finished = (job: ReportJob | undefined) =>
  job?.status === 'done' || job?.status === 'failed' || job?.status === 'expired';

/** The job, asked again every second until it is done, failed or expired. */
export const [reportJobQueryOptions, useReportJob] = apiQuery(keys.reportJob, getReportJob, {
  refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
});
