import { type ReportJob, reportJobSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { failureWith, mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** Asks the server to make every enrolled student's pack into one zip; answers the job to poll. */
export function startReportPacks(courseId: number): Promise<ReportJob> {
  return read(client.POST('/courses/{courseId}/report-packs', { params: { path: { courseId } } }), reportJobSchema);
}

export const useStartReportPacks = mutationHook(startReportPacks, (queryClient) => ({
  meta: { error: failureWith('Error starting the report packs') },
  onSuccess: (job) => queryClient.setQueryData(keys.reportJob(job.id), job),
}));
