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

/** Mantine marks a full-screen modal's content with `data-full-screen`. */
const isFullScreen = () =>
  screen.getByRole('dialog', { name: 'Import questions' }).closest('[data-full-screen]') !== null;

afterEach(() => vi.restoreAllMocks());

describe('ResponsiveModal', () => {
  it('takes the whole screen at phone width', () => {
    screenIs(true);
    renderWithProviders(
      <ResponsiveModal opened onClose={() => undefined} title="Import questions">
        <p>body</p>
      </ResponsiveModal>,
    );
    expect(screen.getByText('body')).toBeTruthy();
    expect(isFullScreen()).toBe(true);
  });

  it('stays a centred box on a wide screen', () => {
    screenIs(false);
    renderWithProviders(
      <ResponsiveModal opened onClose={() => undefined} title="Import questions">
        <p>body</p>
      </ResponsiveModal>,
    );
    expect(isFullScreen()).toBe(false);
  });

  it('stays a box at phone width when the dialog is short and asks for it', () => {
    screenIs(true);
    renderWithProviders(
      <ResponsiveModal opened onClose={() => undefined} title="Import questions" fullScreenOnPhone={false}>
        <p>body</p>
      </ResponsiveModal>,
    );
    expect(isFullScreen()).toBe(false);
  });
});
