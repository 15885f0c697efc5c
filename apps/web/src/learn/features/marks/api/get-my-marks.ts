import { queryOptions, useQuery } from '@tanstack/react-query';
import { myMarksRowSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** My marks per exam identifier, newest first, each part only as far as the tutor has published it. */
export const getMyMarks = () => read(client.GET('/me/marks'), myMarksRowSchema.array());

export const myMarksQuery = () =>
  queryOptions({
    queryKey: learnKeys.myMarks,
    queryFn: getMyMarks,
    // The marked paper links are signed for minutes: a page left open asks again rather than hold dead links.
    staleTime: 60_000,
  });

export const useMyMarks = () => useQuery(myMarksQuery());
