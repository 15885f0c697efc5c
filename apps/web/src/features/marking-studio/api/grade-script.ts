import { useQueryClient } from '@tanstack/react-query';
import { type Submission, submissionSchema } from '@valence/contract';
import { ApiError, client, formBody, read } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';
import { keys, staleAfter } from '../../../lib/query-keys';
import { ifMatch } from '../../../lib/stale-change';

export type GradeScriptVariables = {
  examId: number;
  submissionId: number;
  /** For the status line only. */
  studentName: string;
  /** Two decimals at most, already checked; null clears the mark. */
  score: number | null;
  /** One mark per question of the exam's mark scheme; null without a scheme. */
  questionMarks: number[] | null;
  instructorFeedback: string;
  /** The script's version the mark was typed on: a save over a newer one is refused (409). */
  version: number;
  /**
   * 'Save and next': the studio opens the next script at once, whose opening brings the progress,
   * so the overview and the script left are marked stale without being read again.
   */
  andNext?: boolean;
};

/**
 * The grade call without a marked paper: the server draws the marked paper itself from the script's
 * annotations. With a mark scheme the per-question marks go too (the score is their sum).
 */
export function gradeScriptForm({ score, questionMarks, instructorFeedback }: GradeScriptVariables): FormData {
  const form = new FormData();
  form.append('instructorFeedback', instructorFeedback);
  form.append('traditionalScore', score === null ? '' : String(score));
  if (questionMarks) form.append('questionMarks', JSON.stringify(questionMarks));
  return form;
}

export function gradeScript(variables: GradeScriptVariables): Promise<Submission> {
  return read(
    client.POST('/api/v1/submissions/{id}/grade', {
      params: { path: { id: variables.submissionId } },
      body: formBody(gradeScriptForm(variables)),
      headers: ifMatch(variables.version),
    }),
    submissionSchema,
  );
}

/** A failure is said in the marks panel, which keeps what was typed. */
export function useGradeScript() {
  const queryClient = useQueryClient();
  return useChange({
    mutationFn: gradeScript,
    meta: { success: ({ studentName }: GradeScriptVariables) => `Mark saved for ${studentName}` },
    invalidates: ({ examId, submissionId, andNext }) =>
      andNext
        ? staleAfter.marksOf(examId).filter((key) => String(key) !== String(keys.marking.overview(examId)))
        : [...staleAfter.marksOf(examId), keys.marking.script(submissionId)],
    onSuccess: (_answer, { examId, submissionId, andNext }) => {
      if (!andNext) return;
      for (const queryKey of [keys.marking.overview(examId), keys.marking.script(submissionId)])
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    },
    onError: (error, { examId }) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: keys.exams.detail(examId) });
    },
  });
}
