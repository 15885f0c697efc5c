import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { LanguageSync } from './language-sync';
import { Shell } from './shell';

/**
 * Everything behind sign-in, loaded as one chunk after it: the query cache and the shell. The
 * sign-in page does without both, so a first visit on a slow phone network downloads less.
 */
export default function SignedIn() {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      <Shell />
    </QueryClientProvider>
  );
}
