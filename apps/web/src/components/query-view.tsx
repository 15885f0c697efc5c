import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { errorMessage } from '../lib/api-client';

type QueryViewProps<T> = {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers: "Loading courses". */
  loadingLabel: string;
  /** Shown when the server gives no reason of its own. */
  errorText: string;
  /** When the data counts as empty, this text is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  emptyText?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The loading, failed and empty states of one query, the same on every screen. While a new page
 * loads, the previous one stays (placeholder data), so the list does not jump.
 */
export function QueryView<T>({ query, loadingLabel, errorText, isEmpty, emptyText, children }: QueryViewProps<T>) {
  // A query's answer arrives in an urgent render, which React does in one go. The list's first
  // drawing is left to a background render instead, which React splits into slices: while a page
  // loads, its lists do not hold the browser up one after another. Later answers (another page)
  // redraw at once, as before.
  const drawn = useDeferredValue(query.data);
  if (query.isPending) return <Loader size="sm" aria-label={loadingLabel} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error, errorText)}
      </Alert>
    );
  if (isEmpty?.(query.data)) return <Text c="dimmed">{emptyText}</Text>;
  if (drawn === undefined) return <Loader size="sm" aria-label={loadingLabel} />;
  return <>{children(query.data)}</>;
}

/** `QueryView` of a list that comes whole (not paged): it is empty when it has no items. */
export function ListView<T>(props: Omit<QueryViewProps<T[]>, 'isEmpty'>) {
  return <QueryView {...props} isEmpty={(items) => items.length === 0} />;
}
