import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` as the portal's build uses it (see `vite-plugin-stable-ids.ts`): React's own id,
 * which is unique in the page and the same on every render. Mantine's version first renders with that
 * id and then replaces it by a random one from a layout effect, a relic of server rendering before
 * React had ids: every text input, select and label drew itself twice on mount, the second time in
 * one unsliced task that also ran the page's pending effects (starting its queries) with it.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
