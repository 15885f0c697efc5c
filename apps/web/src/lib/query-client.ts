import { QueryClient } from '@tanstack/react-query';
import { readSession } from './session';

/**
 * Spec section 4: courses, students and enrolments are fetched once and cached unless a forced
 * refresh is requested, so data never goes stale by time; mutations invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
