import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

export { fakeFetch } from '../../test/render';

/**
 * Renders a students' app screen as the app does (query cache, router under /learn), at `path`
 * matched by `route` (for example `/exams/:examId`), with the navigation's `state` if any, beside
 * the `others` routes a screen may send the student to. Retries are off so a failure shows at once.
 */
export function renderLearn(
  ui: ReactElement,
  {
    path = '/',
    route = '*',
    state,
    others = [],
  }: { path?: string; route?: string; state?: unknown; others?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: route, element: ui }, ...others], {
    initialEntries: [{ pathname: path, state }],
  });
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
