import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MySubmission, mySubmissionSchema } from '@valence/contract';
import { API_BASE, ApiError, actionKeyOf, endedReason, signOutHere } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';
import { readSession } from '../../../lib/session';

export const UPLOAD_STOPPED = 'The upload stopped before it finished. Check your connection and try again.';

export type UploadAnswer = { created: boolean; submission: MySubmission };

/**
 * Hands in (201) or replaces (200) the PART II answer as one file. XMLHttpRequest rather than the
 * app's fetch client: only it reports upload progress, which a student on a slow connection needs.
 */
export function uploadScript(
  examId: number,
  file: File,
  onProgress?: (percent: number) => void,
  idempotencyKey?: string,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const session = readSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/api/v1/submissions/exam/${examId}/upload`);
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.floor((event.loaded / event.total) * 100));
    };
    // A refusal before the file was read closes the connection: some browsers then report no answer at all.
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_STOPPED));
    xhr.onabort = () => reject(new ApiError(0, UPLOAD_STOPPED));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status === 401 && session) {
        const reason = endedReason(data);
        signOutHere(reason);
        reject(new ApiError(401, reason));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = (data as { message?: unknown } | undefined)?.message;
        reject(
          new ApiError(
            xhr.status,
            typeof message === 'string' && message
              ? message
              : `Something went wrong (${xhr.status}). Please try again.`,
          ),
        );
        return;
      }
      const parsed = mySubmissionSchema.safeParse(data);
      if (!parsed.success) {
        reject(new ApiError(xhr.status, 'The answer from the server could not be read. Please check your exam.'));
        return;
      }
      resolve({ created: xhr.status === 201, submission: parsed.data });
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const useUploadScript = (examId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }, run) =>
      uploadScript(examId, file, onProgress, actionKeyOf(run)),
    // Handed in or refused (past due, marked), the exam's state has moved on.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learnKeys.myExams, exact: true }),
        queryClient.invalidateQueries({ queryKey: learnKeys.myExam(examId), exact: true }),
        // The marks page lists what was handed in.
        queryClient.invalidateQueries({ queryKey: learnKeys.myMarks }),
      ]);
    },
  });
};
