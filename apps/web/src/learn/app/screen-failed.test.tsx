import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';
import { ScreenFailed } from './screen-failed';

const Marks = () => <p>Your marks</p>;

function drawn(address: string, Page: React.ComponentType) {
  return (
    <ScreenFailed address={address}>
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </ScreenFailed>
  );
}

describe('ScreenFailed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says the page could not be loaded when its code does not arrive, and tries again elsewhere', async () => {
    // React reports the caught error on the console; the test is about what the student sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = lazyScreen('/marks', () => Promise.reject(new TypeError('Failed to fetch')));
    const view = render(drawn('/marks', offline.Page));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    const online = lazyScreen('/exams', async () => ({ default: Marks }));
    view.rerender(drawn('/exams', online.Page));
    expect(await screen.findByText('Your marks')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
