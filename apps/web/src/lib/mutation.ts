import {
  type MutationFunctionContext,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, errorMessage, withActionKey } from './api-client';

type Invalidates<TData, TVariables> =
  | readonly QueryKey[]
  | ((variables: TVariables, data: TData | undefined) => readonly QueryKey[]);

type ChangeOptions<TData, TVariables, TContext = unknown> = UseMutationOptions<TData, Error, TVariables, TContext> & {
  invalidates: Invalidates<TData, TVariables>;
};

/**
 * The one shape of a "change something, then re-read what it touched" hook: the mutation with its
 * status texts (`meta`), and the query keys it makes stale. They are re-read when it settles, a
 * failure included: a refused request may still have changed something (a partly done bulk call),
 * and the screen must show what the server holds.
 */
export function useChange<TData, TVariables, TContext = unknown>(options: ChangeOptions<TData, TVariables, TContext>) {
  const queryClient = useQueryClient();
  const { invalidates, onSettled, mutationFn, ...rest } = options;
  return useMutation<TData, Error, TVariables, TContext>({
    ...rest,
    // One key per click, the same on retries: a change sent twice is done once (docs/api.md).
    ...(mutationFn
      ? {
          mutationFn: (variables: TVariables, run: MutationFunctionContext) =>
            withActionKey(run, () => mutationFn(variables, run)),
        }
      : {}),
    onSettled: async (data, error, variables, onMutateResult, context) => {
      const list = typeof invalidates === 'function' ? invalidates(variables, data) : invalidates;
      await Promise.all(list.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}

type ChangeSettings<TData, TVariables, TContext> = Omit<ChangeOptions<TData, TVariables, TContext>, 'mutationFn'>;

/**
 * The hook of one change, made from its call and what it says and makes stale, the way `apiQuery`
 * makes a query's: `export const useCreateCourse = changeHook(createCourse, { meta, invalidates })`.
 * A change that also edits the cache itself (an optimistic toggle, a deleted item dropped at once)
 * gives its settings as a function of the query client.
 */
export function changeHook<TData, TVariables, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  settings:
    | ChangeSettings<TData, TVariables, TContext>
    | ((queryClient: QueryClient) => ChangeSettings<TData, TVariables, TContext>),
) {
  return () => {
    const queryClient = useQueryClient();
    const options = typeof settings === 'function' ? settings(queryClient) : settings;
    return useChange({ mutationFn, ...options });
  };
}

/**
 * The hook of a mutation that changes no cached data (a report download, a dry run): every change
 * to what the server holds is a `changeHook`, which says what it makes stale.
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
