import { type CreateResource, type Resource, resourceSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export function createResource(input: CreateResource): Promise<Resource> {
  return apiFetch('/resources', { method: 'POST', body: input }, resourceSchema);
}

// The course detail carries the resource list (with fresh signed urls), so re-read it; the watch
// coverage lists every lecture too.
export const useCreateResource = changeHook(createResource, {
  invalidates: ({ courseId }) => staleAfter.lecturesOf(Number(courseId)),
});
