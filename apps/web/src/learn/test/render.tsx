import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

export { fakeFetch } from '../../test/render';

/**
 * Renders a students' app screen as the app does (query cache, router under /learn), at `path`
 * matched by `route` (for example `/exams/:examId`). Retries are off so a failure shows at once.
 */
export function renderLearn(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  return {
    queryClient,
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
