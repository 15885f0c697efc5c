import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ConfirmDialogHost } from '../components/confirm-dialog';
import { queryClient } from '../lib/query-client';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ConfirmDialogHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
