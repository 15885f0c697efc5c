import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS, type Student } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../../test/render';
import { AssignStudentsForm } from './assign-students-form';

// A search goes out 300 ms after the last key; a loaded CI machine needs more than findBy's 1 s default.
const SETTLED = { timeout: 5000 };

const student = (id: number, username: string): Student => ({ id, username, name: null, loggedIn: false });
const STUDENTS = Array.from({ length: 25 }, (_, i) => student(i + 1, `student${String(i + 1).padStart(2, '0')}`));

function setup(students = STUDENTS, bulk: { status?: number; body?: unknown } = {}) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({
    'GET /students': pagedRoute(students, (s) => s.username),
    'POST /enrollments/bulk': bulk.status
      ? bulk
      : ({ body }) => ({ body: { created: 1, alreadyEnrolled: 0, status: 'ACTIVE', echo: body } }),
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <AssignStudentsForm courseId={7} />
    </>,
  );
  return { fetch };
}

/** The user at the student search, and how they pick a student from the list it shows. */
async function openSearch() {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Select Students');
  await user.click(input);
  const pick = async (name: string) => user.click(await screen.findByRole('option', { name }, SETTLED));
  return { user, input, pick };
}

describe('AssignStudentsForm', () => {
  it('asks the server for the first 20 students not in the course and says how many more there are', async () => {
    const { fetch } = setup();
    expect(await screen.findByText('Showing 20 of 25 students not yet assigned; type to narrow.')).toBeInTheDocument();
    expect(fetch.calls[0]?.path).toBe('/students?limit=20&offset=0&notInCourse=7');
  });

  it('searches on the server as the user types and sends the chosen students in one request', async () => {
    const { fetch } = setup();
    const { user, input, pick } = await openSearch();
    await user.type(input, 'student2');
    await pick('student23');
    await user.clear(input);
    await user.type(input, 'student05');
    await pick('student05');
    expect(fetch.calls.some((call) => call.path === '/students?limit=20&offset=0&q=student2&notInCourse=7')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Assign Students' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Students assigned successfully');
    const posts = fetch.calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([{ method: 'POST', path: '/enrollments/bulk', body: { courseId: 7, studentIds: [23, 5] } }]);
  });

  it('assigns both students picked one after another from one filtered list', async () => {
    const { fetch } = setup();
    const { user, input, pick } = await openSearch();
    await user.type(input, 'student2');
    await pick('student23');
    // The search stays as typed, and a moment later the list is still the one the user is picking from.
    expect(input).toHaveValue('student2');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    await waitFor(() => expect(screen.queryByText('Searching...')).not.toBeInTheDocument());
    await pick('student24');
    await user.click(screen.getByRole('button', { name: 'Assign Students' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Students assigned successfully');
    const posts = fetch.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ courseId: 7, studentIds: [23, 24] }]);
  });

  it('assigns everyone not yet assigned with Select All, in one request', async () => {
    const { fetch } = setup();
    const user = userEvent.setup();
    await screen.findByText(/Showing 20 of 25/);
    await user.click(screen.getByLabelText('Select Students'));
    await user.click(await screen.findByRole('option', { name: 'Select All' }));
    expect(screen.getByText('All 25 students not yet assigned will be assigned.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign Students' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ courseId: 7, allUnassigned: {} });
  });

  it("shows the server's reason when assigning fails, and keeps the selection", async () => {
    setup(STUDENTS.slice(0, 2), { status: 404, body: { message: 'Students not found: 2.' } });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Select Students'));
    await user.click(await screen.findByRole('option', { name: 'student02' }));
    await user.click(screen.getByRole('button', { name: 'Assign Students' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error assigning students: Students not found: 2.');
    expect(alert).toHaveAttribute('data-kind', 'error');
    // The chosen student is still chosen (its pill), ready for another try.
    expect(screen.getAllByText('student02').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Assign Students' })).toBeEnabled();
  });

  it('says so when nobody is left to assign, and keeps the button disabled', async () => {
    setup([]);
    expect(
      await screen.findByText('Every student is assigned, or there are none yet: add them on the Students page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Students' })).toBeDisabled();
  });

  describe('from the keyboard', () => {
    const selectedIn = (input: HTMLElement) => {
      const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
      return list?.querySelector('[data-combobox-selected]')?.textContent ?? null;
    };
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
      await waitFor(() => expect(screen.queryByText('Searching...')).not.toBeInTheDocument());
    };

    it('Enter in the search chooses the student found, and does not send the picks made so far', async () => {
      const { fetch } = setup();
      const { user, input, pick } = await openSearch();
      await pick('student03');
      await user.clear(input);
      await user.type(input, 'student07');
      await screen.findByRole('option', { name: 'student07' }, SETTLED);
      await settled();
      await user.keyboard('{Enter}');
      expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
      expect(screen.getByRole('option', { name: 'student07' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByText(/will be assigned/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Assign Students' }));
      await waitFor(() => expect(fetch.calls.some((call) => call.method === 'POST')).toBe(true));
      expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ courseId: 7, studentIds: [3, 7] });
    });

    it('Arrow Down highlights the first student, never Select All, and Enter chooses it', async () => {
      const { fetch } = setup();
      const { user, input } = await openSearch();
      await user.type(input, 'student1');
      await screen.findByRole('option', { name: 'student10' }, SETTLED);
      await settled();
      await user.keyboard('{ArrowDown}');
      expect(selectedIn(input)).toBe('student10');
      await user.keyboard('{Enter}');
      expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
      expect(screen.getByRole('option', { name: 'student10' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('option', { name: 'Select All' })).toHaveAttribute('aria-selected', 'false');
    });
  });
});
