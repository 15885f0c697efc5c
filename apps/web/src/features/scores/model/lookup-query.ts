import { type QueryKey, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ScoreLookup } from '../../../lib/query-keys';

/** The key a lookup not yet made is filed under; `skipToken` keeps it from ever being asked. */
const NO_LOOKUP: ScoreLookup = { studentId: 0, examIdentifier: '' };

/**
 * The query options and hook of a student + exam identifier lookup. Nothing is asked until the form
 * has both (`null` until then).
 */
export function lookupQuery<T>(key: (lookup: ScoreLookup) => QueryKey, fetcher: (lookup: ScoreLookup) => Promise<T>) {
  const options = (lookup: ScoreLookup | null) =>
    queryOptions({ queryKey: key(lookup ?? NO_LOOKUP), queryFn: lookup ? () => fetcher(lookup) : skipToken });
  const useLookup = (lookup: ScoreLookup | null) => useQuery(options(lookup));
  return [options, useLookup] as const;
}
