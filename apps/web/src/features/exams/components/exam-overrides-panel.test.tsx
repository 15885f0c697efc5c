import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExamOverride, OVERRIDE_MESSAGES } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../../test/render';
import { ExamOverridesPanel } from './exam-overrides-panel';

const AMAYA: ExamOverride = {
  studentId: 3,
  username: 'amaya',
  name: 'Amaya Perera',
  extraMinutes: 30,
  opensAt: null,
  // 05:30 UTC is 11:00 in Colombo.
  dueDate: '2099-05-01T05:30:00.000Z',
};
const ENROLLED = [
  {
    id: 1,
    courseId: 7,
    courseTitle: 'Chem',
    enrollmentDate: '2026-01-01',
    studentId: 3,
    studentUsername: 'amaya',
    status: 'ACTIVE',
  },
  {
    id: 2,
    courseId: 7,
    courseTitle: 'Chem',
    enrollmentDate: '2026-01-01',
    studentId: 4,
    studentUsername: 'kasun',
    status: 'ACTIVE',
  },
  {
    id: 3,
    courseId: 7,
    courseTitle: 'Chem',
    enrollmentDate: '2026-01-01',
    studentId: 5,
    studentUsername: 'kamal',
    status: 'DISABLED',
  },
];

function setup(items: ExamOverride[] = [AMAYA], putAnswer?: { status: number; body: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fake = fakeFetch({
    'GET /api/v1/exams/9/overrides': { body: { items } },
    'PUT /api/v1/exams/9/overrides/4': putAnswer ?? { body: { ...AMAYA, studentId: 4, username: 'kasun' } },
    'PUT /api/v1/exams/9/overrides/3': { body: AMAYA },
    'DELETE /api/v1/exams/9/overrides/3': { status: 204 },
    'GET /enrollments/course/7': pagedRoute(ENROLLED, (row) => row.studentUsername),
  });
  vi.stubGlobal('fetch', fake.fn);
  renderWithProviders(
    <ExamOverridesPanel exam={{ id: 9, courseId: 7, contentDeleted: false }} timeZone="Asia/Colombo" />,
  );
  const sent = (method: string) => fake.calls.filter((call) => call.method === method);
  return { sent, user: userEvent.setup() };
}

describe('ExamOverridesPanel', () => {
  it("lists each override with the student's names and times in the platform zone", async () => {
    setup();
    const row = (await screen.findByText('Amaya Perera (amaya)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('30')).toBeInTheDocument();
    expect(within(row).getByText('2099-05-01 11:00')).toBeInTheDocument();
  });

  it('says when no student has one', async () => {
    setup([]);
    expect(await screen.findByText('No student has an override.')).toBeInTheDocument();
  });

  it("adds one for an active student of the course, empty fields being the exam's own", async () => {
    const { sent, user } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Add override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Override' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Student' }));
    // Only ACTIVE enrolments are offered.
    expect(await screen.findByRole('option', { name: 'kasun' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'kamal' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'kasun' }));
    await user.type(within(dialog).getByLabelText('Extra minutes', { exact: false }), '45');
    fireEvent.change(within(dialog).getByLabelText('Own due date', { exact: false }), {
      target: { value: '2099-05-01T12:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Override' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toMatchObject({
      path: '/api/v1/exams/9/overrides/4',
      body: { extraMinutes: 45, opensAt: null, dueDate: '2099-05-01T12:00:00' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Override' })).toBeNull());
  });

  it('asks for a student before sending, and shows a refusal inside the dialog', async () => {
    const refusal = { status: 400, body: { message: OVERRIDE_MESSAGES.notEnrolled } };
    const { sent, user } = setup([], refusal);
    await user.click(await screen.findByRole('button', { name: 'Add override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Override' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Override' }));
    expect(within(dialog).getByText('Please choose a student.')).toBeInTheDocument();
    expect(sent('PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Student' }));
    await user.click(await screen.findByRole('option', { name: 'kasun' }));
    await user.type(within(dialog).getByLabelText('Extra minutes', { exact: false }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save Override' }));
    expect(await within(dialog).findByText(OVERRIDE_MESSAGES.notEnrolled)).toBeInTheDocument();
  });

  it('edits one filled in, and removes one once confirmed', async () => {
    const { sent, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the override of amaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override of Amaya Perera (amaya)' });
    expect(within(dialog).getByLabelText('Extra minutes', { exact: false })).toHaveValue(30);
    expect(within(dialog).getByLabelText('Own due date', { exact: false })).toHaveValue('2099-05-01T11:00');
    const minutes = within(dialog).getByLabelText('Extra minutes', { exact: false });
    await user.clear(minutes);
    await user.type(minutes, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save Override' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]?.body).toEqual({ extraMinutes: 60, opensAt: null, dueDate: '2099-05-01T11:00:00' });

    await user.click(await screen.findByRole('button', { name: 'Remove the override of amaya' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Override' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]?.path).toBe('/api/v1/exams/9/overrides/3');
  });
});
