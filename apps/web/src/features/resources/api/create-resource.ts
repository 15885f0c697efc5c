import { type CreateResource, type Resource, resourceSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export function createResource(input: CreateResource): Promise<Resource> {
  // The contract coerces the duration (its input type is unknown); the document types it a number.
  const body = input as CreateResource & { duration?: number };
  return read(client.POST('/resources', { body }), resourceSchema);
}

// The course detail carries the resource list (with fresh signed urls), so re-read it; the watch
// coverage lists every lecture too.
export const useCreateResource = changeHook(createResource, {
  invalidates: ({ courseId }) => staleAfter.lecturesOf(Number(courseId)),
});
