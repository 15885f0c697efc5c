import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../test/render';
import { DashboardRoute } from './dashboard';

// Counts the add-course form's renders, to see what a counter's answer redraws.
const formRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../features/courses', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../features/courses')>();
  return {
    ...actual,
    CreateCourseForm: () => {
      formRenders.count += 1;
      return actual.CreateCourseForm();
    },
  };
});

const course = (id: number, title: string, paused = false): Course => ({
  id,
  title,
  description: `About ${title}`,
  createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
  paused,
});

const newestFirst = (courses: Course[]) => [...courses].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

const COURSES = [
  course(1, 'Organic Chemistry'),
  course(2, 'Inorganic Chemistry'),
  course(3, 'Physical Chemistry', true),
  course(4, 'Biochemistry'),
  course(5, 'Analytical Methods'),
  course(6, 'Electrochemistry'),
  course(7, 'Thermodynamics'),
];

function setup(role: 'ROLE_SUPERADMIN' | 'ROLE_ADMIN' = 'ROLE_ADMIN', extra = {}) {
  writeSession({ token: 't', roles: [role] });
  const fetch = fakeFetch({
    'GET /courses': pagedRoute(newestFirst(COURSES), (c) => c.title),
    'GET /students': pagedRoute([{ id: 1, username: 's1', name: null, loggedIn: false }]),
    ...extra,
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<DashboardRoute />, { path: '/dashboard' });
  return fetch;
}

const titles = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('Dashboard', () => {
  it('shows the counters, newest course first, 6 per page', async () => {
    setup();
    expect(await screen.findByRole('link', { name: 'Thermodynamics' })).toBeInTheDocument();
    expect(titles()).toEqual([
      'Thermodynamics',
      'Electrochemistry',
      'Analytical Methods',
      'Biochemistry',
      'Physical Chemistry',
      'Inorganic Chemistry',
    ]);
    expect(screen.getByText('Page 1 of 2 (7 items)')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Total Courses')).getByText('7')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByLabelText('Total Students')).getByText('1')).toBeInTheDocument());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(titles()).toEqual(['Organic Chemistry']);
  });

  it('redraws only its counter when a count arrives, not the form and the list beside it', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const fake = fakeFetch({
      'GET /courses': pagedRoute(newestFirst(COURSES), (c) => c.title),
      'GET /students': pagedRoute([{ id: 1, username: 's1', name: null, loggedIn: false }]),
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/students?limit=0')) await held;
      return fake.fn(input, init);
    });
    renderWithProviders(<DashboardRoute />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: 'Thermodynamics' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Total Students')).getByText('--')).toBeInTheDocument();
    const rendersBefore = formRenders.count;
    release();
    await waitFor(() => expect(within(screen.getByLabelText('Total Students')).getByText('1')).toBeInTheDocument());
    expect(formRenders.count).toBe(rendersBefore);
  });

  it('says there are no courses yet, not that a search failed, when there are none', async () => {
    setup('ROLE_ADMIN', { 'GET /courses': pagedRoute<Course>([]) });
    expect(await screen.findByText('No courses yet. Create your first course above.')).toBeInTheDocument();
    expect(screen.queryByText('No courses found matching your search criteria.')).not.toBeInTheDocument();
    await userEvent.setup().type(screen.getByPlaceholderText('Search by course title...'), 'kinetics');
    // The search goes to the server 300 ms after the last key.
    expect(await screen.findByText('No courses found matching your search criteria.')).toBeInTheDocument();
    expect(screen.queryByText('No courses yet. Create your first course above.')).not.toBeInTheDocument();
  });

  it('asks the server for one page, searching case-insensitively on the title, and says when nothing matches', async () => {
    const fetch = setup();
    await screen.findByRole('link', { name: 'Thermodynamics' });
    // Keys typed without a pause between them, as a quick typist's land: with user-event's own pause,
    // a loaded machine could let the search pause pass between two keys.
    const user = userEvent.setup({ delay: null });
    const search = screen.getByPlaceholderText('Search by course title...');
    await user.type(search, 'CHEMISTRY');
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(titles()).toEqual([
      'Electrochemistry',
      'Biochemistry',
      'Physical Chemistry',
      'Inorganic Chemistry',
      'Organic Chemistry',
    ]);
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'quantum');
    expect(await screen.findByText('No courses found matching your search criteria.')).toBeInTheDocument();
    expect(titles()).toEqual([]);
    // One request per settled search, each for one page: no whole-table download, no request per key.
    const courseCalls = fetch.calls.filter((call) => call.path.startsWith('/courses?')).map((call) => call.path);
    expect(courseCalls.sort()).toEqual([
      '/courses?limit=0',
      '/courses?limit=6&offset=0',
      '/courses?limit=6&offset=0&q=CHEMISTRY',
      '/courses?limit=6&offset=0&q=quantum',
    ]);
  });

  it('keeps Create Course disabled until both fields have text', async () => {
    setup();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Create Course' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/Course Title/), 'Kinetics');
    await user.type(screen.getByLabelText(/Course Description/), '   ');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/Course Description/), 'Rates');
    expect(button).toBeEnabled();
  });

  it('says why a too-long title cannot be saved instead of doing nothing', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Course Description/), 'Rates');
    fireEvent.change(screen.getByLabelText(/Course Title/), { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('Title must be at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Course' })).toBeDisabled();
  });

  it('hides pause and delete from non-superadmins', async () => {
    setup('ROLE_ADMIN');
    await screen.findByRole('link', { name: 'Thermodynamics' });
    expect(screen.queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets a superadmin pause a course and reports it', async () => {
    const fetch = setup('ROLE_SUPERADMIN', { 'PUT /enrollments/course/7/disable': { status: 204 } });
    const card = await screen.findByRole('article', { name: 'Thermodynamics' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Course "Thermodynamics" paused successfully')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'PUT' && call.path === '/enrollments/course/7/disable')).toBe(
      true,
    );
  });

  it('treats a pause answer other than 204 as failure', async () => {
    setup('ROLE_SUPERADMIN', { 'PUT /enrollments/course/7/disable': { status: 200, body: {} } });
    const card = await screen.findByRole('article', { name: 'Thermodynamics' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Pause' }));
    const status = await screen.findByText('Error updating course status');
    expect(status).toHaveAttribute('data-kind', 'error');
  });

  it('asks before deleting and shows the server message on 409', async () => {
    setup('ROLE_SUPERADMIN', {
      'DELETE /courses/7': { status: 409, body: { message: 'This course has exams with submissions.' } },
    });
    const card = await screen.findByRole('article', { name: 'Thermodynamics' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete Thermodynamics?')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This course has exams with submissions.')).toBeInTheDocument();
  });

  it('keeps the course when the delete is cancelled', async () => {
    const fetch = setup('ROLE_SUPERADMIN', { 'DELETE /courses/7': { status: 204 } });
    const card = await screen.findByRole('article', { name: 'Thermodynamics' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('article', { name: 'Thermodynamics' })).toBeInTheDocument();
  });

  it('shows a refused delete red, although the server\'s words contain no "Error"', async () => {
    const refusal =
      'Cannot delete course "Thermodynamics" because its exams have 2 submission(s), and marks are kept. ' +
      'Pause the course instead: its students lose access and their marks stay.';
    setup('ROLE_SUPERADMIN', { 'DELETE /courses/7': { status: 409, body: { message: refusal } } });
    const card = await screen.findByRole('article', { name: 'Thermodynamics' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const status = await screen.findByRole('alert');
    expect(status).toHaveTextContent(refusal);
    expect(status).toHaveAttribute('data-kind', 'error');
    expect(status.getAttribute('style')).toContain('red');
    expect(screen.getByRole('article', { name: 'Thermodynamics' })).toBeInTheDocument();
  });
});
