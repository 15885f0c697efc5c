import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * Phones on mobile networks: a failed read is retried twice with back-off, but never a refusal
 * (4xx), which would only repeat itself.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
