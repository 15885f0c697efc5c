import { act, render, waitFor } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@valence/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePagedSearch, usePageParam } from './paging';

type Options = Parameters<typeof usePagedSearch>[1];

/** Draws a list's state under a memory router at `path`; `lists` names each list by its prefix. */
function setup(path: string, lists: Record<string, Options> = { '': {} }) {
  const state: Record<string, ReturnType<typeof usePagedSearch>> = {};
  function Probe({ name, options }: { name: string; options: Options }) {
    state[name] = usePagedSearch(6, options);
    return null;
  }
  const element = (
    <>
      {Object.entries(lists).map(([name, options]) => (
        <Probe key={name} name={name} options={options} />
      ))}
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/', path], initialIndex: 1 });
  render(<RouterProvider router={router} />);
  const list = (name = '') => state[name] as ReturnType<typeof usePagedSearch>;
  const search = () => router.state.location.search;
  return { list, router, search };
}

describe('usePagedSearch', () => {
  it('reads the page, search and sort from the address, so a reload shows the same page', () => {
    const { list } = setup('/courses?page=3&q=organic&sort=name');
    expect(list().request).toEqual({ page: 3, pageSize: 6, q: 'organic', sort: 'name' });
    expect(list().search).toBe('organic');
    expect(list().searching).toBe(true);
  });

  it('reads a missing or broken page as page 1 and leaves a default sort out of the address', () => {
    const { list } = setup('/courses?page=abc', { '': { defaultSort: '-timestamp' } });
    expect(list().request).toEqual({ page: 1, pageSize: 6, q: '', sort: '-timestamp' });
  });

  it('pushes a page change, so Back returns to the page before', async () => {
    const { list, router, search } = setup('/courses?q=ka');
    await act(() => list().setPage(2));
    expect(search()).toBe('?q=ka&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => list().setPage(1));
    expect(search()).toBe('?q=ka');
    await act(() => router.navigate(-1));
    expect(list().page).toBe(2);
  });

  it('shows what is typed at once, writes the search after the pause in place of the entry, back on page 1', async () => {
    const { list, router, search } = setup('/courses?page=4');
    await act(() => list().setSearch('ka'));
    expect(list().search).toBe('ka');
    expect(list().page).toBe(1);
    // The address changes first; the list reads it on the render that follows.
    await waitFor(() => {
      expect(search()).toBe('?q=ka');
      expect(list().request.q).toBe('ka');
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('puts the typed search back in the box when Back returns to another search', async () => {
    const { list, router, search } = setup('/courses?q=ka');
    await act(() => list().setPage(2));
    await act(() => list().setSearch('kasun'));
    await waitFor(() => expect(search()).toBe('?q=kasun'));
    await act(() => router.navigate(-1));
    expect(list().search).toBe('ka');
    expect(list().request).toMatchObject({ page: 1, q: 'ka' });
  });

  it('keeps two lists on one screen apart by their prefixes', async () => {
    const { list, search } = setup('/students?page=2', { '': {}, 'records-': { prefix: 'records-' } });
    await act(() => list('records-').setPage(3));
    await act(() => list('records-').setSort('videoName'));
    expect(search()).toBe('?page=2&records-page=3&records-sort=videoName');
    expect(list('').request).toEqual({ page: 2, pageSize: 6, q: '' });
    expect(list('records-').request).toEqual({ page: 3, pageSize: 6, q: '', sort: 'videoName' });
  });

  it('gives a list without a search only its page, pushed when chosen and replaced when corrected', async () => {
    let paging: ReturnType<typeof usePageParam> | undefined;
    function Probe() {
      paging = usePageParam(5, 'scores-');
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
      initialEntries: ['/students?scores-page=2'],
    });
    render(<RouterProvider router={router} />);
    expect(paging?.page).toBe(2);
    await act(() => paging?.setPage(3));
    expect(router.state.location.search).toBe('?scores-page=3');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => paging?.setPage(1, { replace: true }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  describe('a search typed just before the user leaves for another page', () => {
    /**
     * The dashboard's list and a course page whose code (or loader) takes `release()` to arrive, as a
     * page's chunk does on its first visit: the pause of the search ends while the navigation waits.
     */
    function leaving() {
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        release = resolve;
      });
      let list: ReturnType<typeof usePagedSearch> | undefined;
      function Dashboard() {
        list = usePagedSearch(6);
        return <p>Dashboard</p>;
      }
      const router = createMemoryRouter(
        [
          { path: '/dashboard', element: <Dashboard /> },
          {
            path: '/courses/:id',
            loader: async () => {
              await arrived;
              return null;
            },
            element: <p>Course page</p>,
          },
        ],
        { initialEntries: ['/dashboard'] },
      );
      render(<RouterProvider router={router} />);
      const typed = async (text: string) => act(() => (list as ReturnType<typeof usePagedSearch>).setSearch(text));
      return { router, release, typed };
    }

    // Longer than the search's pause, so a late write would have happened by then.
    const afterThePause = () => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 150));

    it('opens the page chosen, with no search carried over, when the pause ends on the way', async () => {
      const { router, release, typed } = leaving();
      await typed('organic');
      let opened: Promise<void> | undefined;
      act(() => {
        opened = router.navigate('/courses/7');
      });
      await act(afterThePause);
      release();
      await act(() => opened);
      expect(router.state.location.pathname).toBe('/courses/7');
      expect(router.state.location.search).toBe('');
      expect(router.state.navigation.state).toBe('idle');
    });

    it('still writes the search when the way to the other page is abandoned', async () => {
      const { router, typed } = leaving();
      await typed('organic');
      act(() => {
        void router.navigate('/courses/7');
      });
      await act(afterThePause);
      expect(router.state.location.search).toBe('');
      // Back to the list before the course page arrived: the search waited, and is written now.
      await act(() => router.navigate('/dashboard'));
      await waitFor(() => expect(router.state.location.search).toBe('?q=organic'));
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });
});
