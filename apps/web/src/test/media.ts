import { vi } from 'vitest';

/** A `matchMedia` answer, which jsdom lacks and Mantine reads: `matches` says whether `query` holds. */
export const mediaQueryList = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** The screen is phone-width (below 36em) until `vi.restoreAllMocks()`: tables draw as cards. */
export function atPhoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    mediaQueryList(query, query.includes('max-width: 36em')),
  );
}
