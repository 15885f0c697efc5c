import { screen, waitFor } from '@testing-library/react';
import { formatInTimeZone, prepareWallClock } from '@valence/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { usePrepareDateFormat } from './prepare-date-format';

// Called through, and counted: a zone's format is kept once built, so a count of formats cannot tell
// whether a later test asked for it again.
vi.mock('@valence/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@valence/contract')>();
  return { ...actual, prepareWallClock: vi.fn(actual.prepareWallClock) };
});

const Real = Intl.DateTimeFormat;
let built = 0;
class Counting extends Real {
  constructor(...args: ConstructorParameters<typeof Real>) {
    super(...args);
    built += 1;
  }
}

function Page({ showsDates }: { showsDates?: boolean }) {
  usePrepareDateFormat(showsDates);
  return <p>Course</p>;
}

describe('usePrepareDateFormat', () => {
  beforeEach(() => {
    built = 0;
    vi.mocked(prepareWallClock).mockClear();
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Counting, configurable: true, writable: true });
  });
  afterEach(() => {
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Real, configurable: true, writable: true });
  });

  it('builds the platform zone’s date format after the page has drawn, and the dates then reuse it', async () => {
    renderWithProviders(<Page />);
    expect(screen.getByText('Course')).toBeInTheDocument();
    // Not in the render itself: in a task of its own, after it.
    expect(built).toBe(0);
    await waitFor(() => expect(built).toBe(1));
    // Signed out, the settings are not asked for: the platform zone is the fallback, Colombo.
    expect(formatInTimeZone('2026-11-23T04:30:00.000Z', 'Asia/Colombo')).toBe('2026-11-23 10:00');
    expect(built).toBe(1);
  });

  it('builds nothing for a page with no dates to show yet', async () => {
    renderWithProviders(<Page showsDates={false} />);
    expect(screen.getByText('Course')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prepareWallClock).not.toHaveBeenCalled();
  });
});
