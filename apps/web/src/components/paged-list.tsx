import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@valence/contract';
import { type ReactNode, useEffect } from 'react';
import { Pagination, totalPagesOf } from './pagination';
import { QueryView } from './query-view';

type PagedListProps<T> = {
  /** One page from the server (`usePagedSearch` + a feature's page hook). */
  query: UseQueryResult<Page<T>>;
  /** Which page is shown and how to change it: `usePagedSearch`'s result, or any such object. */
  paging: { page: number; pageSize: number; setPage: (page: number, options?: { replace?: boolean }) => void };
  loadingLabel: string;
  errorText: string;
  emptyText: ReactNode;
  /** Draws the page's items: a grid of cards, a list, a DataTable. */
  children: (items: T[]) => ReactNode;
};

/**
 * A server-paged list: its loading, failed and empty states, the page's items and the shared
 * pagination control under them. When the last item of the last page goes (a delete), it steps back
 * to the page that now is last instead of showing an empty one.
 */
export function PagedList<T>({ query, paging, children, ...view }: PagedListProps<T>) {
  const { page, pageSize, setPage: onPageChange } = paging;
  const total = query.data?.total;
  // A capped total ("more than") has pages past it, so only an exact one can say the page is past the end.
  const lastPage = total === undefined || query.data?.totalCapped ? page : totalPagesOf(total, pageSize);
  useEffect(() => {
    // A correction, not a choice: Back should not return to the page that emptied.
    if (page > lastPage) onPageChange(lastPage, { replace: true });
  }, [page, lastPage, onPageChange]);

  return (
    <QueryView query={query} isEmpty={(data) => data.total === 0} {...view}>
      {(data) => (
        <>
          {children(data.items)}
          <Pagination
            page={page}
            totalItems={data.total}
            pageSize={pageSize}
            onChange={onPageChange}
            more={data.totalCapped}
          />
        </>
      )}
    </QueryView>
  );
}
