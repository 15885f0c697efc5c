import { type StudioScript, studioScriptSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** Signed links last an hour; a script reopened later asks for fresh ones. */
const LINK_FRESH_MS = 5 * 60_000;

/** One script with its student, its current mark, its signed file links and its neighbours. */
export function getScript(submissionId: number): Promise<StudioScript> {
  return read(
    client.GET('/api/v1/submissions/{id}/script', { params: { path: { id: submissionId } } }),
    studioScriptSchema,
  );
}

// The file is read once per opening: a refetch would hand new signed links and reload the pages.
export const [scriptQueryOptions, useScript] = apiQuery(keys.marking.script, getScript, {
  staleTime: LINK_FRESH_MS,
  refetchOnWindowFocus: false,
});
