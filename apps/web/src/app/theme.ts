import {
  type ComboboxProps,
  Container,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

/** A Mantine palette with a darker last shade, for colours whose shade 9 misses WCAG AA. */
const darkenLast = (name: 'green' | 'orange' | 'teal', last: string) =>
  [...DEFAULT_THEME.colors[name].slice(0, 9), last] as unknown as MantineColorsTuple;

// 4.9:1, 5.1:1 and 4.6:1 on their own light button background (Mantine's are 4.4:1, 3.9:1 and 4.3:1;
// teal's is the primary colour's, behind Logout and Edit).
const green = darkenLast('green', '#237a36');
const orange = darkenLast('orange', '#b93d0c');
const teal = darkenLast('teal', '#087a57');

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 of every colour is the first to reach 4.5:1 against white (teal 5.3, red 5.5, blue 6.1):
  // filled buttons, badges and coloured text stay readable (WCAG AA).
  primaryShade: { light: 9, dark: 8 },
  colors: { green, orange, teal },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // The app shell already keeps pages off the screen's edge; a second gutter inside it would take
    // 64 px of a 390 px phone and cut off placeholders and buttons.
    Container: Container.extend({ defaultProps: { px: { base: 0, xs: 'md' } } }),
    // Selects render their options only while open. Mantine keeps a closed list in the page by
    // default: on Manage Exams that hidden list was 30 options and two fifths of the page's elements,
    // each laid out, scroll-measured and positioned on every first paint.
    // Written as a plain object, not Combobox.extend: importing the component here would put the
    // whole select machinery (popover, positioning) into sign-in's bundle.
    Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
  },
});

/** Dimmed text is Mantine's gray 6 (3.3:1); a darker grey keeps secondary text readable (6.1:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
