import { type BulkReturnReport, bulkReturnReportSchema } from '@valence/contract';
import { ApiError, client, formBody, read } from '../../../lib/api-client';
import { changeHook, mutationHook } from '../../../lib/mutation';
import { staleAfter } from '../../../lib/query-keys';

export type ReturnVariables = { examId: number; zip: File };

function sendZip({ examId, zip }: ReturnVariables, dryRun: boolean): Promise<BulkReturnReport> {
  const form = new FormData();
  form.append('file', zip, zip.name);
  return read(
    client.POST('/api/v1/exams/{examId}/marked-papers', {
      params: { path: { examId }, query: { dryRun: dryRun ? 'true' : 'false' } },
      body: formBody(form),
    }),
    bulkReturnReportSchema,
  );
}

/** What the zip matches, and marks.csv's problems; nothing is saved. */
export const checkMarkedPapers = (variables: ReturnVariables) => sendZip(variables, true);

/** Attaches every matched paper and sets marks.csv's marks, or nothing when marks.csv has an error. */
export const returnMarkedPapers = (variables: ReturnVariables) => sendZip(variables, false);

/** The report a refused return (400: marks.csv has errors) carries, or null for any other failure. */
export function refusedReport(error: unknown): BulkReturnReport | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = bulkReturnReportSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** A check changes nothing, so it refreshes nothing and says nothing on the page. */
export const useCheckMarkedPapers = mutationHook(checkMarkedPapers, () => ({}));

/** Marks and papers change the list, the exam's marked count and the students' scores. */
export const useReturnMarkedPapers = changeHook(returnMarkedPapers, {
  meta: {
    success: (_variables: ReturnVariables, report: BulkReturnReport) =>
      `Marked papers returned: ${report.applied} script${report.applied === 1 ? '' : 's'} updated`,
  },
  invalidates: ({ examId }) => staleAfter.marksOf(examId),
});
