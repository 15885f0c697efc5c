import { type VideoStream, videoStreamSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type RetryStreamVariables = { id: number; courseId: number };

/** Transcodes a video's streaming versions again (after a failure). */
export function retryStream({ id }: RetryStreamVariables): Promise<VideoStream> {
  return read(client.POST('/resources/{id}/stream/retry', { params: { path: { id } } }), videoStreamSchema);
}

export const useRetryStream = changeHook(retryStream, {
  meta: { error: failureWith('Error retrying the transcode') },
  invalidates: ({ courseId }) => [keys.courses.detail(courseId)],
});
