import { useQueryClient } from '@tanstack/react-query';
import { type ExamType, type Submission, submissionSchema } from '@valence/contract';
import { ApiError, client, formBody, read } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';
import { keys, staleAfter } from '../../../lib/query-keys';
import { ifMatch } from '../../../lib/stale-change';

export type GradeVariables = {
  examId: number;
  examType: ExamType;
  submissionId: number;
  /** For the status line only. */
  studentName: string;
  instructorFeedback: string;
  /** As typed; an empty one means "not marked yet". Sent only for PART II. */
  traditionalScore: string;
  markedPaper: File | null;
  /** The submission's version the mark was typed on: a save over a newer one is refused (409). */
  version?: number;
};

/**
 * The multipart body of the grade call. An MCQ paper is marked automatically, so it never carries a
 * score (the server refuses one); a PART II score goes even when empty, so clearing it unmarks.
 */
export function gradeFormData({ examType, instructorFeedback, traditionalScore, markedPaper }: GradeVariables) {
  const form = new FormData();
  form.append('instructorFeedback', instructorFeedback);
  if (examType === 'TRADITIONAL') form.append('traditionalScore', traditionalScore.trim());
  if (markedPaper) form.append('markedPaperFile', markedPaper, markedPaper.name);
  return form;
}

export function gradeSubmission(variables: GradeVariables): Promise<Submission> {
  return read(
    client.POST('/api/v1/submissions/{id}/grade', {
      params: { path: { id: variables.submissionId } },
      body: formBody(gradeFormData(variables)),
      ...(variables.version === undefined ? {} : { headers: ifMatch(variables.version) }),
    }),
    submissionSchema,
  );
}

/** A failure is shown inside the dialog, which keeps what was typed; success reaches the status line. */
export function useGradeSubmission() {
  const queryClient = useQueryClient();
  return useChange({
    mutationFn: gradeSubmission,
    meta: { success: ({ studentName }: GradeVariables) => `Mark saved for ${studentName}` },
    // A new mark changes the exam's marked count (which Publish Marks warns with), the student's
    // summaries and scores, and the gradebook.
    invalidates: ({ examId }) => staleAfter.marksOf(examId),
    onError: (error, { examId }) => {
      // A 409 means the content was deleted meanwhile: re-read the exam so the page warns and disables grading.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: keys.exams.detail(examId) });
    },
  });
}
