import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Gradebook } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { nextSort, sortState } from '../model/sort';
import { GradebookPanel } from './gradebook-panel';

const PAGE: Gradebook = {
  columns: [{ examIdentifier: 'T1', hasMcq: true, hasPartTwo: true, mcqPublished: true, partTwoPublished: false }],
  items: [
    {
      studentId: 1,
      username: 'alice',
      name: 'Alice Perera',
      cells: [{ mcq: 40, partTwo: 80, total: 80, status: 'Fully Graded', unpublished: true }],
    },
    {
      studentId: 2,
      username: 'bob',
      name: null,
      cells: [{ mcq: 30, partTwo: null, total: 30, status: 'Partially Graded', unpublished: false }],
    },
  ],
  total: 2,
  limit: 20,
  offset: 0,
};

describe('gradebook sort', () => {
  it('turns a sorted column round and starts marks highest first, names A to Z', () => {
    expect(nextSort(undefined, 'username')).toBe('-username');
    expect(nextSort('-username', 'username')).toBe('username');
    expect(nextSort(undefined, 'total:T1')).toBe('-total:T1');
    expect(nextSort('-total:T1', 'total:T1')).toBe('total:T1');
    expect(nextSort('total:T1', 'name')).toBe('name');
    expect([sortState(undefined, 'username'), sortState('-mcq:T1', 'mcq:T1'), sortState('name', 'mcq:T1')]).toEqual([
      'ascending',
      'descending',
      'none',
    ]);
  });

  it('asks the server for the order a header click chooses and shows which marks are unpublished', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const fetch = fakeFetch({ 'GET /courses/5/gradebook': { body: PAGE } });
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(<GradebookPanel courseId={5} />);
    await screen.findByText('Alice Perera');
    expect(screen.getByText('Fully Marked')).toBeInTheDocument();
    expect(screen.getAllByText('Unpublished')).toHaveLength(1);
    expect(screen.getByText('PART II marks not published')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sort by T1 Total' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.path.includes('sort=-total%3AT1'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Sort by T1 Total' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Sort by T1 Total' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.path.includes('sort=total%3AT1'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Sort by T1 Total' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
