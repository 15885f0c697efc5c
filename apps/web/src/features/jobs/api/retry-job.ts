import { type Job, jobSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** Queues a failed job once more. */
export function retryJob(id: string): Promise<Job> {
  return read(client.POST('/jobs/{id}/retry', { params: { path: { id } } }), jobSchema);
}

export const useRetryJob = changeHook(retryJob, {
  meta: { success: 'Job queued again', error: failureWith('Error retrying the job') },
  invalidates: [keys.jobs.all],
});
