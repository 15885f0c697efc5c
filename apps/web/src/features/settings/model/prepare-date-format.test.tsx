import { screen, waitFor } from '@testing-library/react';
import { prepareWallClock } from '@valence/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { usePrepareDateFormat } from './prepare-date-format';

// Watched, and called through: that a prepared zone's dates build no format again is the contract's test.
vi.mock('@valence/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@valence/contract')>();
  return { ...actual, prepareWallClock: vi.fn(actual.prepareWallClock) };
});

function Page({ showsDates }: { showsDates?: boolean }) {
  usePrepareDateFormat(showsDates);
  return <p>Course</p>;
}

describe('usePrepareDateFormat', () => {
  beforeEach(() => vi.mocked(prepareWallClock).mockClear());

  it('prepares the platform zone’s date format after the page has drawn, not while it draws', async () => {
    renderWithProviders(<Page />);
    expect(screen.getByText('Course')).toBeInTheDocument();
    // Not in the render itself: in a task of its own, after it.
    expect(prepareWallClock).not.toHaveBeenCalled();
    // Signed out, the settings are not asked for: the platform zone is the fallback, Colombo.
    await waitFor(() => expect(prepareWallClock).toHaveBeenCalledWith('Asia/Colombo'));
    expect(prepareWallClock).toHaveBeenCalledTimes(1);
  });

  it('prepares nothing for a page with no dates to show yet', async () => {
    renderWithProviders(<Page showsDates={false} />);
    expect(screen.getByText('Course')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prepareWallClock).not.toHaveBeenCalled();
  });
});
