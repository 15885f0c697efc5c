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

/** Renders with the same providers as the app, under a memory router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', ...options }: RenderOptions & { path?: string } = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return {
    queryClient,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
      options,
    ),
  };
}

/** A fetch stub answering by "METHOD /path" (path without the API base). */
export type FakeRoute = (request: { body: unknown }) => { status?: number; body?: unknown };
export function fakeFetch(routes: Record<string, FakeRoute | { status?: number; body?: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^.*?\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const answer = typeof route === 'function' ? route({ body }) : route;
    const status = answer.status ?? 200;
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fn, calls };
}
