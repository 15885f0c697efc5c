import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import AccountPage, { PASSWORD_CHANGED } from './account-page';

async function fill(current: string, next: string, again: string) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('New password again'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

/** Opens the page signed in, and sends a change the server refuses for the current password. */
async function sendWrongCurrentPassword() {
  writeSession({ token: 'old-token', roles: ['ROLE_STUDENT'] });
  vi.stubGlobal(
    'fetch',
    fakeFetch({ 'POST /me/password': { status: 400, body: { message: 'Your current password is not correct.' } } }).fn,
  );
  renderLearn(<AccountPage />);
  await fill('wrong', 'new-secret-1', 'new-secret-1');
}

describe('students app account', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('changes the password and keeps this device signed in with the new token', async () => {
    writeSession({ token: 'old-token', roles: ['ROLE_STUDENT'] });
    const fake = fakeFetch({ 'POST /me/password': { body: { jwtToken: 'new-token', roles: ['ROLE_STUDENT'] } } });
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<AccountPage />);
    await fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(readSession()?.token).toBe('new-token');
    expect(fake.calls.find((call) => call.path === '/me/password')?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
    });
  });

  it('catches a mistyped second password before asking the server', async () => {
    writeSession({ token: 'old-token', roles: ['ROLE_STUDENT'] });
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<AccountPage />);
    await fill('old-secret', 'new-secret-1', 'new-secret-2');
    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    // The screen reads the student's settings (GET /me); no password change is sent.
    expect(fake.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows the server’s reason and keeps what was typed', async () => {
    await sendWrongCurrentPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue('new-secret-1'));
    expect(readSession()?.token).toBe('old-token');
  });

  it('takes the server’s reason away once the form is edited or sent again', async () => {
    await sendWrongCurrentPassword();
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'x');
    expect(screen.queryByText('Your current password is not correct.')).not.toBeInTheDocument();

    // Sent again, refused again; then a slip the form catches itself: only that slip is said.
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'other');
    expect(screen.queryByText('Your current password is not correct.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords do not match.')).toBeInTheDocument();
    expect(screen.queryByText('Your current password is not correct.')).not.toBeInTheDocument();
  });
});
