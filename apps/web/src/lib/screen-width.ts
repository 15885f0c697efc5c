import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` (a phone, or a tablet held upright) and `xs` (a phone) breakpoints. */
export type NarrowWidth = '48em' | '36em';

/**
 * Whether the window is at most `width` wide, read during the first render and followed after.
 *
 * Mantine's `useMediaQuery` answers `undefined` on the first render by default (for server rendering,
 * which this app does not do) and the real value from an effect: on a phone every screen that asked
 * was drawn twice, the second time as one unsliced task, with its layout jumping from the wide form to
 * the narrow one.
 */
export function useNarrowScreen(width: NarrowWidth): boolean {
  return useMediaQuery(`(max-width: ${width})`, undefined, { getInitialValueInEffect: false });
}
