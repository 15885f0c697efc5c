import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';

type Invalidates<TData, TVariables> =
  | readonly QueryKey[]
  | ((variables: TVariables, data: TData | undefined) => readonly QueryKey[]);

type ChangeOptions<TData, TVariables> = UseMutationOptions<TData, Error, TVariables> & {
  invalidates: Invalidates<TData, TVariables>;
};

/**
 * The one shape of a "change something, then re-read what it touched" hook: the mutation with its
 * status texts (`meta`), and the query keys it makes stale. They are re-read when it settles, a
 * failure included: a refused request may still have changed something (a partly done bulk call),
 * and the screen must show what the server holds.
 */
export function useChange<TData, TVariables>(options: ChangeOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const { invalidates, onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      const list = typeof invalidates === 'function' ? invalidates(variables, data) : invalidates;
      await Promise.all(list.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}

/**
 * The hook of one change, made from its call and what it says and makes stale, the way `apiQuery`
 * makes a query's: `export const useCreateCourse = changeHook(createCourse, { meta, invalidates })`.
 */
export function changeHook<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: Omit<ChangeOptions<TData, TVariables>, 'mutationFn'>,
) {
  return () => useChange({ mutationFn, ...options });
}

/**
 * The hook of a mutation that is not a plain change (`changeHook`): it edits the cache itself (an
 * optimistic toggle, a deleted item dropped at once), so its callbacks are given the query client,
 * or it changes no cached data at all (a report download).
 */
export function mutationHook<TData, TVariables, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: (queryClient: QueryClient) => Omit<UseMutationOptions<TData, Error, TVariables, TContext>, 'mutationFn'>,
) {
  return () => {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn, ...options(queryClient) });
  };
}

/** A failure text that carries the server's reason: 'Error updating course: {message}'. */
export const failureWith = (prefix: string) => (_variables: unknown, error: unknown) =>
  `${prefix}: ${errorMessage(error, 'unknown error')}`;

/** A refusal (409) explains itself (a paused course, marks that would be lost); other failures get `fallback`. */
export const conflictOr = (fallback: string) => (_variables: unknown, error: unknown) =>
  error instanceof ApiError && error.status === 409 ? error.message : fallback;

/** `failureWith` for work partly done in the browser (a PDF): an error of its own names itself too. */
export const failureOrCause = (prefix: string) => (_variables: unknown, error: unknown) =>
  `${prefix}: ${errorMessage(error, error instanceof Error ? error.message : 'unknown error')}`;
