import { type Annotations, annotationsSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The annotations saved on a script (empty before the first save). */
export function getAnnotations(submissionId: number): Promise<Annotations> {
  return read(
    client.GET('/api/v1/submissions/{id}/annotations', { params: { path: { id: submissionId } } }),
    annotationsSchema,
  );
}

// Read once when the script opens: from then on the page's own copy is the truth and is autosaved.
export const [annotationsQueryOptions, useAnnotations] = apiQuery(keys.marking.annotations, getAnnotations, {
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  gcTime: 0,
});
