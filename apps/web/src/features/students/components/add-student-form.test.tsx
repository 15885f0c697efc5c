import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { AddStudentForm } from './add-student-form';

const TAKEN = "Error adding student: Username 'nimal' is already taken.";

function setup() {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  vi.stubGlobal(
    'fetch',
    fakeFetch({ 'POST /students/signup': { status: 409, body: { message: "Username 'nimal' is already taken." } } }).fn,
  );
  renderWithProviders(
    <>
      <StatusOutlet />
      <AddStudentForm />
    </>,
  );
  return userEvent.setup();
}

/** Sends a username the server says is taken, and waits for its refusal. */
async function sendTakenUsername() {
  const user = setup();
  await user.type(screen.getByLabelText('Username'), 'nimal');
  await user.type(screen.getByLabelText('Password'), 'student-pw');
  await user.click(screen.getByRole('button', { name: 'Add Student' }));
  expect(await screen.findByText(TAKEN)).toBeInTheDocument();
  return user;
}

describe('AddStudentForm', () => {
  it('takes the refusal away once the username is edited', async () => {
    const user = await sendTakenUsername();
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
  });

  it('takes the refusal away when a send is refused by the form itself', async () => {
    const user = await sendTakenUsername();
    // A password the contract refuses (too short): the form says so, and the old refusal is gone.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
  });
});
