import type { QueryClient } from '@tanstack/react-query';
import type { Exam } from '@valence/contract';
import { failureText } from '../../../lib/failure-text';
import { changeHook } from '../../../lib/mutation';
import { keys, staleAfter } from '../../../lib/query-keys';

type Cached = Exam[] | { items: Exam[] } | undefined;

/**
 * Changes one exam wherever the course's exams are cached: the pages of this screen, and a plain
 * list another screen may keep under the same course key (hence both shapes).
 */
export function patchCachedExam(queryClient: QueryClient, exam: Pick<Exam, 'id' | 'courseId'>, patch: Partial<Exam>) {
  const update = (item: Exam) => (item.id === exam.id ? { ...item, ...patch } : item);
  queryClient.setQueriesData<Cached>({ queryKey: keys.exams.ofCourse(exam.courseId) }, (cached) => {
    if (Array.isArray(cached)) return cached.map(update);
    if (cached && Array.isArray(cached.items)) return { ...cached, items: cached.items.map(update) };
    return cached;
  });
}

type ToggleField = 'published' | 'gradesPublished';

/** A publish switch's call: the exam as shown, and whether it (or its marks) should be published. */
export type PublishVariables = { exam: Exam; published: boolean };

/**
 * The optimistic part of a publish toggle: the cached exam flips at once, flips back
 * if the server refuses, and takes the server's answer when it agrees. Only the toggled field of the
 * toggled exam is reverted, so another exam's toggle in flight is left alone.
 */
function optimisticToggle(queryClient: QueryClient, field: ToggleField) {
  return {
    onMutate: async (variables: PublishVariables) => {
      // A refetch already under way would otherwise land on top of the optimistic value.
      await queryClient.cancelQueries({ queryKey: keys.exams.ofCourse(variables.exam.courseId) });
      const previous = variables.exam[field];
      patchCachedExam(queryClient, variables.exam, { [field]: variables.published });
      return { previous };
    },
    onError: (_error: unknown, variables: PublishVariables, result: { previous: boolean } | undefined) => {
      if (result) patchCachedExam(queryClient, variables.exam, { [field]: result.previous });
    },
    onSuccess: (answer: Exam) => {
      const { id, courseId, published, gradesPublished, contentDeleted } = answer;
      patchCachedExam(queryClient, { id, courseId }, { published, gradesPublished, contentDeleted });
    },
  };
}

/**
 * What a publish switch makes stale: the single exam (the questions screen reads its own copy), the
 * students' scores and the gradebook's column, which show what is published; marks published change
 * every screen that shows marks too. The exam lists took the server's answer into their copy.
 */
function publishStale(field: ToggleField, { exam }: PublishVariables) {
  const own = [keys.exams.detail(exam.id), keys.scores.all, keys.gradebook.ofCourse(exam.courseId)];
  if (field === 'published') return own;
  return [...own, ...staleAfter.marksOf(exam.id).filter((key) => key !== keys.exams.lists)];
}

/**
 * The hook of a publish switch (the exam, or its marks): optimistic in the cache, and a failure says
 * the screen's fixed sentence for `what` was being published ('exam', 'grades').
 */
export function publishToggleHook(
  field: ToggleField,
  setPublished: (variables: PublishVariables) => Promise<Exam>,
  success: (variables: PublishVariables, answer: Exam) => string,
  what: string,
) {
  return changeHook(setPublished, (queryClient) => ({
    ...optimisticToggle(queryClient, field),
    invalidates: (variables: PublishVariables) => publishStale(field, variables),
    meta: {
      success,
      error: ({ published }: PublishVariables, error: unknown) =>
        failureText(error, `Failed to ${published ? 'publish' : 'unpublish'} ${what}. Please try again.`),
    },
  }));
}
