import { type CommentBank, commentBankSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type CommentBankVariables = { examId: number; comments: string[] };

/** Replaces the exam's comment bank. */
export function saveCommentBank({ examId, comments }: CommentBankVariables): Promise<CommentBank> {
  return read(
    client.PUT('/api/v1/exams/{examId}/comment-bank', { params: { path: { examId } }, body: { comments } }),
    commentBankSchema,
  );
}

export const useSaveCommentBank = changeHook(saveCommentBank, {
  meta: { success: 'Comment bank saved', error: failureWith('Error saving comment bank') },
  invalidates: ({ examId }) => [keys.marking.overview(examId)],
});
