import {
  type ExamOverride,
  type ExamOverrideInput,
  type ExamOverrideList,
  examOverrideListSchema,
  examOverrideSchema,
} from '@valence/contract';
import { client, done, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getExamOverrides(examId: number): Promise<ExamOverrideList> {
  return read(client.GET('/api/v1/exams/{examId}/overrides', { params: { path: { examId } } }), examOverrideListSchema);
}

export const [examOverridesQueryOptions, useExamOverrides] = apiQuery(keys.exams.overrides, getExamOverrides);

/** One student's override, set whole: a field left out is cleared. */
export type SaveOverrideVariables = { examId: number; studentId: number; input: ExamOverrideInput };

export function saveOverride({ examId, studentId, input }: SaveOverrideVariables): Promise<ExamOverride> {
  return read(
    client.PUT('/api/v1/exams/{examId}/overrides/{studentId}', {
      params: { path: { examId, studentId } },
      body: input,
    }),
    examOverrideSchema,
  );
}

// The sittings list shows each student's own deadline.
const overrideStale = ({ examId }: { examId: number }) => [
  keys.exams.overrides(examId),
  keys.submissions.ofExam(examId),
];

/** A failure is said inside the override form, beside what was typed. */
export const useSaveOverride = changeHook(saveOverride, {
  meta: { success: 'Override saved' },
  invalidates: overrideStale,
});

export type DeleteOverrideVariables = { examId: number; studentId: number; username: string };

export function deleteOverride({ examId, studentId }: DeleteOverrideVariables): Promise<void> {
  return done(
    client.DELETE('/api/v1/exams/{examId}/overrides/{studentId}', { params: { path: { examId, studentId } } }),
  );
}

export const useDeleteOverride = changeHook(deleteOverride, {
  meta: {
    success: ({ username }: DeleteOverrideVariables) => `Override of ${username} removed`,
    error: failureWith('Error removing override'),
  },
  invalidates: overrideStale,
});
