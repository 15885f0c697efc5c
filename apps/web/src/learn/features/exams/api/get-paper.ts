import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { client, failureText, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

const paperSchema = z.object({ url: z.string() });
export type Paper = z.infer<typeof paperSchema>;

/** A signed link to a PART II exam's question paper (404 with the server's sentence when there is none). */
export const getPaper = (examId: number) =>
  read(client.GET('/api/v1/exams/{id}/paper', { params: { path: { id: examId } } }), paperSchema);

/** Never kept: the link expires (an hour by default, less where the server is set so). */
export const paperQuery = (examId: number) =>
  queryOptions({
    queryKey: learnKeys.paper(examId),
    queryFn: () => getPaper(examId),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * Opens the paper in a new tab with a link asked for at the click, so it has not expired. The tab is
 * opened before the link comes back: a phone's browser lets a click open a tab, not a later answer.
 * Where no tab may open at all, `link` is offered for the student to tap.
 */
export function useOpenPaper(examId: number) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    setOpening(true);
    const tab = window.open('', '_blank');
    try {
      const { url } = await queryClient.fetchQuery(paperQuery(examId));
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else setLink(url);
    } catch (failure) {
      tab?.close();
      setError(failureText(failure, 'The paper could not be opened. Please try again.'));
    } finally {
      setOpening(false);
    }
  };
  return { open, opening, error, link };
}
