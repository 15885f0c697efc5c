import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../test/media';
import { renderWithProviders } from '../test/render';
import { ResponsiveModal } from './responsive-modal';

/** The screen's width as `matchMedia` reports it: `narrow` below 48em. */
function screenIs(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    mediaQueryList(query, narrow && query.includes('max-width: 48em')),
  );
}

/** Opens the dialog and tells whether Mantine drew it full screen (it marks that with `data-full-screen`). */
function opensFullScreen(fullScreenOnPhone?: boolean): boolean {
  renderWithProviders(
    <ResponsiveModal opened onClose={() => undefined} title="Import questions" fullScreenOnPhone={fullScreenOnPhone}>
      <p>body</p>
    </ResponsiveModal>,
  );
  expect(screen.getByText('body')).toBeTruthy();
  return screen.getByRole('dialog', { name: 'Import questions' }).closest('[data-full-screen]') !== null;
}

afterEach(() => vi.restoreAllMocks());

describe('ResponsiveModal', () => {
  it('takes the whole screen at phone width', () => {
    screenIs(true);
    expect(opensFullScreen()).toBe(true);
  });

  it('stays a centred box on a wide screen', () => {
    screenIs(false);
    expect(opensFullScreen()).toBe(false);
  });

  it('stays a box at phone width when the dialog is short and asks for it', () => {
    screenIs(true);
    expect(opensFullScreen(false)).toBe(false);
  });
});
