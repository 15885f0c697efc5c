import { gradebookSortOf, gradebookSortText } from '@valence/contract';

/** A column's sort key as the server takes it: `username`, `name` or `<column>:<identifier>`. */
export type SortKey = string;

/** The table's order when the address names none. */
export const DEFAULT_SORT = 'username';

const bodyOf = (sort: string) => (sort.startsWith('-') ? sort.slice(1) : sort);

/** How the column `key` is sorted now, for its header's `aria-sort`. */
export function sortState(current: string | undefined, key: SortKey): 'ascending' | 'descending' | 'none' {
  const sort = current ?? DEFAULT_SORT;
  if (bodyOf(sort) !== key) return 'none';
  return sort.startsWith('-') ? 'descending' : 'ascending';
}

/**
 * The sort after a click on `key`'s header: the same column turns around; another column starts
 * with names A to Z and marks highest first (who did best is what a tutor looks for first).
 */
export function nextSort(current: string | undefined, key: SortKey): string {
  const state = sortState(current, key);
  if (state !== 'none') return gradebookSortText({ ...gradebookSortOf(key), descending: state === 'ascending' });
  return key === 'username' || key === 'name' ? key : `-${key}`;
}
