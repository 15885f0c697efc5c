import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Staff } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { type FakeRoute, fakeFetch, renderWithProviders } from '../../../test/render';
import { StaffList } from './staff-list';

const member = (id: number, username: string, role: Staff['role'], disabled = false): Staff => ({
  id,
  username,
  role,
  disabled,
  createdAt: '2026-03-01T04:30:00.000Z',
});

function setup(patch: FakeRoute = ({ body }) => ({ body })) {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  let staff = [
    member(1, 'admin', 'ROLE_SUPERADMIN'),
    member(2, 'nimali', 'ROLE_ADMIN'),
    member(3, 'gone', 'ROLE_ADMIN', true),
  ];
  const fetch = fakeFetch({
    'GET /staff': () => ({ body: staff }),
    'PATCH /staff/2': (request) => {
      const answer = patch(request);
      if ((answer.status ?? 200) === 200) {
        staff = staff.map((s) => (s.id === 2 ? { ...s, ...(request.body as Partial<Staff>) } : s));
        return { body: staff[1] };
      }
      return answer;
    },
    'PATCH /staff/3': ({ body }) => {
      staff = staff.map((s) => (s.id === 3 ? { ...s, ...(body as Partial<Staff>) } : s));
      return { body: staff[2] };
    },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <StaffList timeZone="Asia/Colombo" />
    </>,
    { path: '/staff' },
  );
  return { fetch, user: userEvent.setup() };
}

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;
const patches = (fetch: ReturnType<typeof setup>['fetch']) => fetch.calls.filter((call) => call.method === 'PATCH');

describe('StaffList', () => {
  it('shows which accounts are disabled, with Enable for those and Disable for the others', async () => {
    setup();
    const gone = await rowOf('gone');
    expect(within(gone).getByText('Disabled')).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    const nimali = await rowOf('nimali');
    expect(within(nimali).getByText('Active')).toBeInTheDocument();
    expect(within(nimali).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('edits the role and sets a new password, sending only what changed', async () => {
    const { fetch, user } = setup();
    await user.click(within(await rowOf('nimali')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Account' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'ROLE_SUPERADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(fetch).map((call) => call.body)).toEqual([{ role: 'ROLE_SUPERADMIN' }]);
    expect(await screen.findByText('Staff account updated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByText('nimali').closest('tr') as HTMLElement).getByText('Superadmin'),
      ).toBeInTheDocument(),
    );

    await user.click(within(await rowOf('nimali')).getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Staff Account' });
    await user.type(within(again).getByLabelText(/New password/), 'short');
    await user.click(within(again).getByRole('button', { name: 'Update' }));
    expect(within(again).getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    await user.type(within(again).getByLabelText(/New password/), '-enough');
    await user.click(within(again).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(patches(fetch)).toHaveLength(2));
    expect(patches(fetch)[1]?.body).toEqual({ password: 'short-enough' });
  });

  it('asks before disabling, then shows the account disabled; enabling asks nothing', async () => {
    const { fetch, user } = setup();
    await user.click(within(await rowOf('nimali')).getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable nimali?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(patches(fetch).map((call) => call.body)).toEqual([{ disabled: true }]));
    expect(await within(await rowOf('nimali')).findByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('Staff account nimali disabled')).toBeInTheDocument();

    await user.click(within(await rowOf('gone')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(patches(fetch).map((call) => call.path)).toEqual(['/staff/2', '/staff/3']));
    expect(patches(fetch)[1]?.body).toEqual({ disabled: false });
    expect(await within(await rowOf('gone')).findByText('Active')).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog: the last superadmin stays", async () => {
    const last = 'The last enabled superadmin cannot be demoted or disabled. Make another account superadmin first.';
    const { user } = setup(() => ({ status: 409, body: { message: last } }));
    await user.click(within(await rowOf('nimali')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Account' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'ROLE_SUPERADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(last)).toBeInTheDocument();
  });
});
