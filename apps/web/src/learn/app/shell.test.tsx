import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';
import { Shell } from './shell';

describe('Shell', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps its tabs when a screen cannot be loaded, and the next tab draws as usual', async () => {
    // React reports the caught error on the console; the test is about what the student sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = lazyScreen('/marks', () => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <MemoryRouter initialEntries={['/marks']}>
        <Routes>
          <Route element={<Shell />}>
            <Route path="marks" element={<offline.Page />} />
            <Route path="exams" element={<p>Your exams</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded. Check your connection and try again.');
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(tabs.textContent).toContain('Courses');

    fireEvent.click(screen.getByRole('link', { name: 'Exams' }));
    expect(await screen.findByText('Your exams')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
