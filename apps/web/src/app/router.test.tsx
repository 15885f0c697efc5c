import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { writeSession } from '../lib/session';
import { fakeFetch } from '../test/render';
import { LAZY_PAGES } from './lazy-pages';
import { routes } from './router';

function renderAt(path: string) {
  const contact = { name: '', address: '', phone: '+94 71 555 0101', email: '', instagram: '', facebook: '' };
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /courses': { body: [] },
      'GET /students': { body: [] },
      'GET /settings/contact': { body: contact },
    }).fn,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('routes and guard', () => {
  it('sends a visitor to /login from a protected page', async () => {
    const router = renderAt('/courses/3');
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('serves /contact without a session, with Login in the navigation', async () => {
    renderAt('/contact');
    expect(await screen.findByText('Available 24/7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends unknown paths to /login without a session', async () => {
    const router = renderAt('/no/such/page');
    await screen.findByRole('heading', { name: 'Admin Portal' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends unknown paths to /dashboard when signed in; instructors see no Staff link', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const router = renderAt('/somewhere');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    for (const name of ['Dashboard', 'Students', 'Exams', 'Student Summary', 'Contact'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('keeps instructors off the Staff screen', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const router = renderAt('/staff');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('has a placeholder screen for every later route', async () => {
    writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
    renderAt('/admin/student-marks-summary');
    expect(await screen.findByRole('heading', { name: 'Student Marks Summary' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff' })).toBeInTheDocument();
  });
});

/** Every route with a lazy page, by its full address pattern. */
function lazyRoutes(list: RouteObject[], parent = ''): [string, RouteObject][] {
  return list.flatMap((route) => {
    const address = route.path ? (parent ? `${parent}/${route.path}` : route.path) : parent;
    return [
      ...(route.lazy ? ([[address, route]] as [string, RouteObject][]) : []),
      ...lazyRoutes(route.children ?? [], address),
    ];
  });
}

describe('the lazy pages table the build preloads from', () => {
  it('names exactly the lazy pages of the router, each with the module the router loads', async () => {
    const lazy = lazyRoutes(routes);
    expect(lazy.map(([address]) => address).sort()).toEqual(Object.keys(LAZY_PAGES).sort());
    for (const [address, route] of lazy) {
      const load = route.lazy as () => Promise<{ Component: unknown }>;
      const { Component } = await load();
      const module: Record<string, unknown> = await import(
        `./routes/${LAZY_PAGES[address as keyof typeof LAZY_PAGES]}.tsx`
      );
      expect(Object.values(module), address).toContain(Component);
    }
  });
});

describe('the portal router', () => {
  it('is made when main.tsx asks for it, not while the first bundle loads', async () => {
    vi.resetModules();
    const listen = vi.spyOn(window, 'addEventListener');
    const popstateListeners = () => listen.mock.calls.filter(([type]) => type === 'popstate').length;
    const { createAppRouter } = await import('./router');
    expect(popstateListeners()).toBe(0);
    const router = createAppRouter();
    expect(popstateListeners()).toBe(1);
    router.dispose();
    listen.mockRestore();
  });
});
