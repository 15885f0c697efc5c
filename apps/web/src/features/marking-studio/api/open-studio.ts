import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type StudioOpening, studioOpeningSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

/**
 * All the studio needs to open, in one call: the exam's overview and the script asked for, or
 * without one the next unmarked script after `after`, claimed for this tutor (none: all marked).
 */
export function openStudio(examId: number, ask: { script?: number; after?: number } = {}): Promise<StudioOpening> {
  const query = ask.script ? { script: ask.script } : ask.after ? { after: ask.after } : {};
  return read(
    client.POST('/api/v1/exams/{examId}/marking/open', { params: { path: { examId }, query } }),
    studioOpeningSchema,
  );
}

/** Puts the opening where the studio's own queries read it (overview, script, annotations): none asks again. */
export function keepOpening(queryClient: QueryClient, examId: number, opening: StudioOpening): void {
  queryClient.setQueryData(keys.marking.overview(examId), opening.overview);
  if (opening.script && opening.annotations) {
    queryClient.setQueryData(keys.marking.script(opening.script.id), opening.script);
    queryClient.setQueryData(keys.marking.annotations(opening.script.id), opening.annotations);
  }
}

/**
 * The studio's opening of an exam, asked once per visit (the address gaining the claimed script does
 * not ask again); later scripts are read by themselves or by the next opening ('Save and next').
 */
export function useStudioOpening(examId: number, scriptId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.marking.opening(examId),
    queryFn: async () => {
      const opening = await openStudio(examId, scriptId === null ? {} : { script: scriptId });
      keepOpening(queryClient, examId, opening);
      return opening;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
