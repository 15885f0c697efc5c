import { type QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';

/** A mutation hook and the queries its change makes stale on the server. */
export type Change = {
  /** The hook, as a screen calls it. */
  use: () => { mutateAsync: (variables: never) => Promise<unknown> };
  variables: unknown;
  /** The server's answer when the caller reads it; otherwise 204. */
  answer?: unknown;
  /** Query keys (prefixes) whose data the change alters on the server. */
  touches: QueryKey[];
};

/** Whether invalidating `prefix` marks the query under `key` stale (TanStack's prefix match). */
const covers = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** One test per change: running its hook against a stubbed API invalidates every key it touches. */
export function itReReads(changes: Record<string, Change>, makeClient: () => QueryClient) {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  for (const [name, change] of Object.entries(changes)) {
    it(name, async () => {
      vi.stubGlobal('fetch', async () =>
        change.answer === undefined
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify(change.answer), { headers: { 'Content-Type': 'application/json' } }),
      );
      const queryClient = makeClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      const { result } = renderHook(change.use, { wrapper });
      // Some uploads go through tus, which the stub does not speak: what is made stale is the same.
      await result.current.mutateAsync(change.variables as never).catch(() => {});
      const invalidated = invalidate.mock.calls.map(([filters]) => filters?.queryKey ?? []);
      const missed = change.touches.filter((key) => !invalidated.some((prefix) => covers(prefix, key)));
      expect(missed).toEqual([]);
    });
  }
}
