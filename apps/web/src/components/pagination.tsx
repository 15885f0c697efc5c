import { Button, Group, Text } from '@mantine/core';
import { PAGINATION_WINDOW } from '@valence/contract';

export type PaginationProps = {
  /** 1-based current page. */
  page: number;
  totalItems: number;
  pageSize: number;
  onChange: (page: number) => void;
  /**
   * More items than `totalItems` exist (a search whose count stopped there): the control reads
   * "Page X of Y+ (N+ items)" and has no last page to jump to.
   */
  more?: boolean;
};

export function totalPagesOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** The page numbers shown: a window of `size` pages around the current one, shifted at the ends. */
export function pageWindow(page: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  const half = Math.floor(size / 2);
  const end = Math.min(totalPages, Math.max(1, page - half) + size - 1);
  const start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/** 'Page X of Y (N items)' with first/previous/next/last, ellipses and a window of 5 pages: every list pages the same way. */
export function Pagination({ page, totalItems, pageSize, onChange, more = false }: PaginationProps) {
  const totalPages = totalPagesOf(totalItems, pageSize);
  if (totalPages <= 1 && !more) return null;
  // Past the known pages there is at least one more when the count stopped short.
  const reachable = more ? totalPages + 1 : totalPages;
  const current = Math.min(Math.max(1, page), reachable);
  const pages = pageWindow(current, totalPages);
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? totalPages;
  const go = (target: number) => onChange(Math.min(Math.max(1, target), reachable));
  const plus = more ? '+' : '';
  const numberButton = (n: number) => (
    <Button
      key={n}
      size="xs"
      variant={n === current ? 'filled' : 'default'}
      aria-current={n === current ? 'page' : undefined}
      onClick={() => go(n)}
    >
      {n}
    </Button>
  );

  return (
    <nav aria-label="Pagination">
      <Group justify="center" gap="xs" mt="md">
        <Button size="xs" variant="default" disabled={current === 1} onClick={() => go(1)}>
          First
        </Button>
        <Button size="xs" variant="default" disabled={current === 1} onClick={() => go(current - 1)}>
          Previous
        </Button>
        {first > 1 && numberButton(1)}
        {first > 2 && <Text span>…</Text>}
        {pages.map(numberButton)}
        {last < totalPages - 1 && <Text span>…</Text>}
        {last < totalPages && numberButton(totalPages)}
        <Button size="xs" variant="default" disabled={current === reachable} onClick={() => go(current + 1)}>
          Next
        </Button>
        <Button size="xs" variant="default" disabled={more || current === totalPages} onClick={() => go(totalPages)}>
          Last
        </Button>
      </Group>
      <Text ta="center" size="sm" c="dimmed" mt="xs">
        {`Page ${current} of ${totalPages}${plus} (${totalItems}${plus} items)`}
      </Text>
    </nav>
  );
}
