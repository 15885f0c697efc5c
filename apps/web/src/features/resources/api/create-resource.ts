import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateResource, type Resource, resourceSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function createResource(input: CreateResource): Promise<Resource> {
  return apiFetch('/resources', { method: 'POST', body: input }, resourceSchema);
}

export function useCreateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResource,
    // The course detail carries the resource list (with fresh signed urls), so re-read it.
    onSuccess: (resource) => queryClient.invalidateQueries({ queryKey: keys.courses.detail(resource.courseId) }),
  });
}
