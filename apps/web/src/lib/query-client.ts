import { MutationCache, QueryClient } from '@tanstack/react-query';
import { errorMessage } from './api-client';
import { readSession } from './session';
import { failure, success } from './status';
import { clearStatus, showStatus } from './status-store';

/**
 * What a mutation says when it is done, declared beside its API call (`meta`). A text may depend on
 * the variables (a course's title) or, for a failure, on the error (the server's reason).
 */
export type StatusMeta = {
  success?: string | ((variables: never, data: never) => string);
  error?: string | ((variables: never, error: unknown) => string);
  /** The message disappears after this long (a pause or resume message is a passing note). */
  clearAfterMs?: number;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: StatusMeta;
  }
}

type Text = string | ((...args: never[]) => string) | undefined;
const textOf = (text: Text, ...args: unknown[]) =>
  typeof text === 'function' ? (text as (...a: unknown[]) => string)(...args) : text;

/** Every mutation's outcome reaches the page's status line here, red for any failure. */
function statusMutationCache(): MutationCache {
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      // A new action clears the last one's message, so a stale success never sits beside it.
      if (mutation.meta?.success || mutation.meta?.error) clearStatus();
    },
    onSuccess: (data, variables, _context, mutation) => {
      const text = textOf(mutation.meta?.success, variables, data);
      if (text) showStatus(success(text), mutation.meta?.clearAfterMs);
    },
    onError: (error, variables, _context, mutation) => {
      const meta = mutation.meta;
      if (!meta?.error) return;
      const text = textOf(meta.error, variables, error) ?? errorMessage(error, 'Something went wrong.');
      showStatus(failure(text), meta.clearAfterMs);
    },
  });
}

/**
 * Courses, students and enrolments are fetched once and cached unless a forced
 * refresh is requested, so data never goes stale by time; mutations invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: statusMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        // Every query needs a token: without a session (signing out, after a 401) none is sent.
        enabled: () => readSession() !== null,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
