import { type ReportJob, reportJobSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { failureWith, mutationHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** Asks the server to make every enrolled student's pack into one zip; answers the job to poll. */
export function startReportPacks(courseId: number): Promise<ReportJob> {
  return apiFetch(`/courses/${courseId}/report-packs`, { method: 'POST' }, reportJobSchema);
}

export const useStartReportPacks = mutationHook(startReportPacks, (queryClient) => ({
  meta: { error: failureWith('Error starting the report packs') },
  onSuccess: (job) => queryClient.setQueryData(keys.reportJob(job.id), job),
}));
