import { screen } from '@testing-library/react';
import type { Enrollment } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { AssignedStudents } from './assigned-students';

const enrolment = (id: number): Enrollment => ({
  id,
  courseId: 7,
  courseTitle: 'Physical Chemistry',
  enrollmentDate: '2026-11-01T10:00:00.000Z',
  studentId: 100 + id,
  studentUsername: `student${id}`,
  status: 'ACTIVE',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AssignedStudents', () => {
  it('shows the total only once the server has counted: not "Total: 0" while the list loads', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<AssignedStudents courseId={7} />);
    expect(await screen.findByLabelText('Loading assigned students')).toBeInTheDocument();
    expect(screen.queryByText(/^Total:/)).toBeNull();

    const items = Array.from({ length: 10 }, (_, i) => enrolment(i + 1));
    answer(json({ items, total: 12, limit: 10, offset: 0 }));
    expect(await screen.findByText('Total: 12')).toBeInTheDocument();
    expect(await screen.findByText('student1')).toBeInTheDocument();
  });

  it('shows no total when the list could not be read', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const fetch = vi.fn(async () => json({ message: 'Internal Server Error' }, 500));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<AssignedStudents courseId={7} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading assigned students')).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.queryByText(/^Total:/)).toBeNull();
  });
});
