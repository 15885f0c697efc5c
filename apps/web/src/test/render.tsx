import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConfirmDialogHost } from '../components/confirm-dialog';
import { createQueryClient } from '../lib/query-client';

function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        {children}
        <ConfirmDialogHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders with the same providers as the app, under a memory router at `path` (or with the history
 * `entries`, the last one shown, for a test that goes back).
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', entries, ...options }: RenderOptions & { path?: string; entries?: string[] } = {},
) {
  const queryClient = createQueryClient();
  const initialEntries = entries ?? [path];
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  return {
    queryClient,
    router,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
      options,
    ),
  };
}

/**
 * A fetch stub answering by "METHOD /path?query" or, when no route names the query, "METHOD /path"
 * (paths without the API base). A route function sees the body and the query parameters.
 */
export type FakeRoute = (request: { body: unknown; query: URLSearchParams }) => { status?: number; body?: unknown };
export function fakeFetch(routes: Record<string, FakeRoute | { status?: number; body?: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^.*?\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const [bare = path, query = ''] = path.split('?');
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${bare}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const answer = typeof route === 'function' ? route({ body, query: new URLSearchParams(query) }) : route;
    const status = answer.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fn, calls };
}

/**
 * Answers a paged list call as the server does: `q` (contains, any case, on `field`), `limit` and
 * `offset`, or the plain array without `limit`. For the portal's tests, not a copy of the SQL.
 */
export function pagedRoute<T>(rows: T[], field?: (row: T) => string): FakeRoute {
  return ({ query }) => {
    const q = query.get('q')?.toLowerCase();
    const matching = q && field ? rows.filter((row) => field(row).toLowerCase().includes(q)) : rows;
    const limit = query.get('limit');
    if (limit === null) return { body: matching };
    const offset = Number(query.get('offset') ?? 0);
    return {
      body: {
        items: matching.slice(offset, offset + Number(limit)),
        total: matching.length,
        limit: Number(limit),
        offset,
      },
    };
  };
}
