import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseDetail } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { CourseHeader } from './course-header';

const course: CourseDetail = {
  id: 7,
  title: 'Thermodynamics',
  description: 'Heat and work',
  createdAt: '2025-01-07T00:00:00.000Z',
  paused: false,
  resources: [],
};

function setup(routes: Parameters<typeof fakeFetch>[0] = {}, shown: CourseDetail = course) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <CourseHeader course={shown} />
      <StatusOutlet />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('CourseHeader', () => {
  it('typesets notation in the title and names the tab with it as plain text', async () => {
    document.title = 'Valence Admin Portal';
    setup({}, { ...course, title: 'Acids & Bases: \\ce{H2SO4}' });
    const heading = screen.getByRole('heading', { level: 2 });
    await waitFor(() => expect(heading.querySelector('.katex')).not.toBeNull());
    expect(heading).toHaveTextContent(/^Acids & Bases: /);
    expect(document.title).toBe('Acids & Bases: H₂SO₄ — Valence Admin Portal');
  });

  it('says a broken rule under its field as it is typed, and a blank field only disables Save', async () => {
    const { fetch, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText(/Course Title/);
    fireEvent.change(title, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('Title must be at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(title);
    expect(screen.queryByText('Title must be at most 200 characters.')).not.toBeInTheDocument();
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fetch.calls).toHaveLength(0);
  });

  it('opens a cancelled edit again on the saved text, without the old message', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText(/Course Title/), { target: { value: 'x'.repeat(201) } });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(/Course Title/)).toHaveValue('Thermodynamics');
    expect(screen.queryByText('Title must be at most 200 characters.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves the trimmed text and returns to read mode', async () => {
    const { fetch, user } = setup({
      'PUT /courses/7': ({ body }) => ({ body: { ...course, ...(body as object), resources: undefined } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText(/Course Title/);
    await user.clear(title);
    await user.type(title, '  Thermodynamics II ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course updated successfully')).toHaveAttribute('data-kind', 'success');
    expect(fetch.calls[0]?.body).toEqual({ title: 'Thermodynamics II', description: 'Heat and work' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('keeps the edit open with what was typed when the server refuses it', async () => {
    const { user } = setup({ 'PUT /courses/7': { status: 400, body: { message: 'Course not found.' } } });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText(/Course Description/), ', revised');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating course: Course not found.')).toHaveAttribute('data-kind', 'error');
    expect(screen.getByLabelText(/Course Description/)).toHaveValue('Heat and work, revised');
  });
});
