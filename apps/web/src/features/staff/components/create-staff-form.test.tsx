import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { CreateStaffForm } from './create-staff-form';

function setup(routes: Parameters<typeof fakeFetch>[0] = {}) {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  const fetch = fakeFetch(routes);
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<CreateStaffForm />, { path: '/staff' });
  return { fetch, user: userEvent.setup() };
}

describe('CreateStaffForm', () => {
  it("says the contract's rule under each field and sends nothing", async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText(/Username/), 'ab');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(screen.getByText('Username must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('creates the account with the chosen role, empties the text fields, then drops the success line on a refused retry', async () => {
    const { fetch, user } = setup({ 'POST /staff': { status: 201, body: {} } });
    await user.type(screen.getByLabelText(/Username/), ' nimali ');
    await user.type(screen.getByLabelText(/Password/), 'chem-2026');
    await user.selectOptions(screen.getByLabelText('Role'), 'ROLE_SUPERADMIN');
    await user.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(await screen.findByText('Staff account created successfully')).toHaveAttribute('data-kind', 'success');
    expect(fetch.calls[0]?.body).toEqual({ username: 'nimali', password: 'chem-2026', role: 'ROLE_SUPERADMIN' });
    expect(screen.getByLabelText(/Username/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    expect(screen.getByLabelText('Role')).toHaveValue('ROLE_SUPERADMIN');
    await user.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(screen.getByText('Username must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Staff account created successfully')).not.toBeInTheDocument();
  });

  it("reports the server's refusal and keeps what was typed", async () => {
    const taken = "Username 'nimali' is already taken.";
    const { user } = setup({ 'POST /staff': { status: 409, body: { message: taken } } });
    await user.type(screen.getByLabelText(/Username/), 'nimali');
    await user.type(screen.getByLabelText(/Password/), 'chem-2026');
    await user.click(screen.getByRole('button', { name: 'Add Staff' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error creating staff account: ${taken}`);
    expect(screen.getByLabelText(/Username/)).toHaveValue('nimali');
  });
});
