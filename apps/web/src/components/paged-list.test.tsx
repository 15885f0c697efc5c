import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@valence/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../lib/session';
import { atPhoneWidth } from '../test/media';
import { renderWithProviders } from '../test/render';
import { DataTable } from './data-table';
import { PagedList } from './paged-list';

function List({ rows, fail = false }: { rows: () => string[]; fail?: boolean }) {
  const [page, setPage] = useState(3);
  const query = useQuery({
    queryKey: ['letters', page],
    // As every page hook does: the old page stays until the new one arrives.
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<string>> => {
      if (fail) throw new Error('offline');
      const all = rows();
      return { items: all.slice((page - 1) * 2, page * 2), total: all.length, limit: 2, offset: (page - 1) * 2 };
    },
  });
  return (
    <PagedList
      query={query}
      paging={{ page, pageSize: 2, setPage }}
      loadingLabel="Loading letters"
      errorText="Failed to load letters"
      emptyText="No letters."
    >
      {(items) => <p>{items.join(' ')}</p>}
    </PagedList>
  );
}

describe('PagedList', () => {
  it('steps back to the last page when its page no longer exists', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    renderWithProviders(<List rows={() => ['a', 'b', 'c']} />);
    expect(await screen.findByText('c')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2 (3 items)')).toBeInTheDocument();
  });

  it('shows the empty text and the fallback error text', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const { unmount } = renderWithProviders(<List rows={() => []} />);
    expect(await screen.findByText('No letters.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<List rows={() => []} fail />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load letters');
  });

  it('moves between pages with the pagination control', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    renderWithProviders(<List rows={() => ['a', 'b', 'c', 'd', 'e', 'f', 'g']} />);
    expect(await screen.findByText('e f')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'First' }));
    await waitFor(() => expect(screen.getByText('a b')).toBeInTheDocument());
  });
});

describe('DataTable', () => {
  const rows = [{ id: 1, name: 'Nimali', role: 'Admin' }];
  const columns = [
    { header: 'Name', cell: (row: (typeof rows)[number]) => row.name },
    { header: 'Role', cell: (row: (typeof rows)[number]) => row.role },
  ];

  it('draws a table on a wide screen and one card per row at phone width', () => {
    const wide = renderWithProviders(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} label="People" />);
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    wide.unmount();

    atPhoneWidth();
    renderWithProviders(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} label="People" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('NameNimaliRoleAdmin');
    vi.restoreAllMocks();
  });
});
