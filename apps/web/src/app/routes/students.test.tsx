import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enrollment, Student, WatchRecord } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { SCORE_ROWS } from '../../features/scores/test-fixtures';
import { writeSession } from '../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../test/render';
import { settingsBody } from '../../test/settings';
import { StudentsRoute } from './students';

const student = (id: number, username: string, loggedIn = false): Student => ({ id, username, name: null, loggedIn });
const STUDENTS = Array.from({ length: 10 }, (_, i) => student(i + 1, `pupil${i + 1}`, i === 0));
const ENROLMENTS: Enrollment[] = [
  {
    id: 51,
    courseId: 7,
    courseTitle: 'Organic Chemistry',
    enrollmentDate: '2026-03-01T04:30:00.000Z',
    studentId: 1,
    studentUsername: 'pupil1',
    status: 'ACTIVE',
  },
];
const RECORDS: WatchRecord[] = Array.from({ length: 7 }, (_, i) => ({
  id: 100 + i,
  videoName: `Lesson ${i + 1}`,
  timestamp: `2026-03-0${i + 1}T04:30:00.000Z`,
  watchedDuration: 3725,
}));

function setup(role: 'ROLE_ADMIN' | 'ROLE_SUPERADMIN' = 'ROLE_ADMIN', extra = {}) {
  writeSession({ token: 't', roles: [role] });
  const fetch = fakeFetch({
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /students': pagedRoute(STUDENTS, (s) => s.username),
    'POST /students/signup': ({ body }) => ({
      status: 201,
      body: { id: 99, name: null, loggedIn: false, ...(body as object) },
    }),
    'GET /enrollments/student/1': { body: ENROLMENTS },
    'PUT /enrollments/51': ({ body }) => ({ body: { ...ENROLMENTS[0], ...(body as object) } }),
    'GET /api/watchtime/pupil1': pagedRoute(RECORDS, (r) => r.videoName),
    'GET /api/watchtime/total/pupil1': { body: 3725 * 7 },
    'POST /logoutstudent': { status: 204 },
    'GET /students/1/devices': { body: [] },
    'GET /api/v1/exams/student/1/score-summary': { body: SCORE_ROWS },
    ...extra,
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<StudentsRoute />, { path: '/students' });
  return fetch;
}

describe('Students screen', () => {
  it('lists 8 students a page from the server and searches by username', async () => {
    const fetch = setup();
    expect(await screen.findByText('pupil8')).toBeInTheDocument();
    expect(screen.queryByText('pupil9')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (10 items)')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByPlaceholderText('Search by username or name...'), 'pupil1');
    await waitFor(() => expect(screen.queryByText('pupil8')).not.toBeInTheDocument());
    expect(screen.getByText('pupil10')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/students?limit=8&offset=0&q=pupil1')).toBe(true);
  });

  it('adds a student once both fields have text, and says so', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add Student' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'nimal.perera');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'chem-2026');
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('Student added successfully');
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'nimal.perera',
      password: 'chem-2026',
    });
  });

  it('says why a taken username cannot be added, as the edit dialog does, and keeps what was typed', async () => {
    const taken = "Username 'pupil1' is already taken.";
    setup('ROLE_ADMIN', {
      'POST /students/signup': { status: 409, body: { message: taken } },
      'PUT /students/2': { status: 409, body: { message: taken } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'pupil1');
    await user.type(screen.getByLabelText('Password'), 'chem-2026');
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Error adding student: ${taken}`);
    expect(alert).toHaveAttribute('data-kind', 'error');
    expect(screen.getByLabelText('Username')).toHaveValue('pupil1');

    const row = (await screen.findByText('pupil2')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'pupil1');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
  });

  it('says why a short username cannot be added, and keeps what was typed', async () => {
    setup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), 'chem-2026');
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('Username must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ab');
  });

  it('offers Force Logout only for a logged-in student, and Delete only to a superadmin', async () => {
    setup();
    await screen.findByText('pupil1');
    expect(screen.getAllByRole('button', { name: 'Force Logout' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Force Logout' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Student pupil1 logged out successfully');
  });

  it("shows the chosen student's total, enrolments and watch records, 5 a page, and changes a status", async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('pupil1');
    await user.click(screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    const total = await screen.findByLabelText('Total Watch Time');
    await waitFor(() => expect(total).toHaveTextContent('7h 14m 35s'));
    expect(await screen.findByText('Organic Chemistry')).toBeInTheDocument();
    expect(await screen.findByText('Lesson 5')).toBeInTheDocument();
    expect(screen.queryByText('Lesson 6')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (7 items)')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in Colombo.
    const records = screen.getByRole('table', { name: 'Watch Time Records' });
    expect(within(records).getByText('2026-03-01 10:00')).toBeInTheDocument();
    expect(within(records).getAllByText('1h 2m 5s')).toHaveLength(5);

    await user.selectOptions(screen.getByLabelText('Status in Organic Chemistry'), 'DISABLED');
    expect(await screen.findByRole('status')).toHaveTextContent('Enrollment status updated successfully');
    expect(fetch.calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/enrollments/51',
      body: { status: 'DISABLED' },
    });
  });

  it("says why a paused course's enrolment cannot be made ACTIVE, red", async () => {
    const reason = 'Course "Organic Chemistry" is paused; resume the course to give its students access.';
    setup('ROLE_ADMIN', {
      'GET /enrollments/student/1': { body: [{ ...ENROLMENTS[0], status: 'DISABLED' }] },
      'PUT /enrollments/51': { status: 409, body: { message: reason } },
    });
    const user = userEvent.setup();
    await screen.findByText('pupil1');
    await user.click(screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    await user.selectOptions(await screen.findByLabelText('Status in Organic Chemistry'), 'ACTIVE');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert).toHaveAttribute('data-kind', 'error');
  });

  it('asks the server for filtered, sorted records and clears the filters', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('pupil1');
    await user.click(screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    const records = await screen.findByRole('table', { name: 'Watch Time Records' });
    await user.type(screen.getByLabelText('Start date'), '2026-03-02');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'videoName');
    await waitFor(() =>
      expect(
        fetch.calls.some(
          (call) => call.path === '/api/watchtime/pupil1?limit=5&offset=0&sort=videoName&from=2026-03-02',
        ),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Start date')).toHaveValue('');
    expect(within(records).queryAllByRole('row').length).toBeGreaterThan(0);
  });

  it("shows the chosen student's exam scores under the watch records", async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByText('pupil1');
    await user.click(screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Exam Score Summary' });
    const table = await within(panel).findByRole('table', { name: 'Exam Score Summary' });
    expect(within(table).getByText('CHEM101_MID').closest('tr')).toHaveTextContent('CHEM101_MID32.5071.3568.18');
    expect(within(panel).getByRole('button', { name: 'Export PDF' })).toBeEnabled();
  });

  describe('names', () => {
    const SINHALA = 'ශ්‍රීමතී කසුන් පෙරේරා';
    const named = STUDENTS.map((s) => (s.id === 2 ? { ...s, name: SINHALA } : s));

    it('shows the name beside the username in the list and heads the chosen student with it', async () => {
      setup('ROLE_ADMIN', {
        'GET /students': pagedRoute(named, (s) => `${s.username} ${s.name ?? ''}`),
        'GET /enrollments/student/2': { body: [] },
        'GET /api/watchtime/pupil2': pagedRoute([], () => ''),
        'GET /api/watchtime/total/pupil2': { body: 0 },
        'GET /api/v1/exams/student/2/score-summary': { body: [] },
      });
      const user = userEvent.setup();
      const row = (await screen.findByText('pupil2')).closest('tr') as HTMLElement;
      expect(within(row).getByText(SINHALA)).toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: 'View' }));
      const panel = await screen.findByRole('region', { name: 'Student pupil2' });
      expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent(`pupil2 · ${SINHALA}`);
    });

    it('takes a name when adding a student, in any script', async () => {
      const fetch = setup();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Username'), 'nimal.perera');
      await user.type(screen.getByLabelText('Password'), 'chem-2026');
      await user.type(screen.getByLabelText('Name'), 'நிமாலி செல்வராஜா');
      await user.click(screen.getByRole('button', { name: 'Add Student' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Student added successfully');
      expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
        username: 'nimal.perera',
        password: 'chem-2026',
        name: 'நிமாலி செல்வராஜா',
      });
      expect(screen.getByLabelText('Name')).toHaveValue('');
    });

    it('edits the name, and a cleared name is sent as none', async () => {
      const fetch = setup('ROLE_ADMIN', {
        'GET /students': pagedRoute(named, (s) => s.username),
        'PUT /students/2': ({ body }: { body: unknown }) => ({ body: { id: 2, loggedIn: false, ...(body as object) } }),
      });
      const user = userEvent.setup();
      const row = (await screen.findByText('pupil2')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
      expect(within(dialog).getByLabelText('Name')).toHaveValue(SINHALA);
      await user.clear(within(dialog).getByLabelText('Name'));
      await user.type(within(dialog).getByLabelText('Name'), 'Kasun Perera');
      await user.click(within(dialog).getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        username: 'pupil2',
        password: '',
        name: 'Kasun Perera',
      });

      await user.click(
        within((await screen.findByText('pupil2')).closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }),
      );
      const again = await screen.findByRole('dialog', { name: 'Edit Student' });
      await user.clear(within(again).getByLabelText('Name'));
      await user.click(within(again).getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(fetch.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
      expect(fetch.calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ name: null });
    });
  });
});
