import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { DeviceLimitForm } from './device-limit-form';

function setup(initial = { maxDevicesPerStudent: 2, serverDefault: 2, custom: false }) {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  let limit = initial;
  const fetch = fakeFetch({
    'GET /settings/devices': () => ({ body: limit }),
    'PUT /settings/devices': ({ body }) => {
      const chosen = (body as { maxDevicesPerStudent: number | null }).maxDevicesPerStudent;
      limit = { maxDevicesPerStudent: chosen ?? 2, serverDefault: 2, custom: chosen !== null };
      return { body: limit };
    },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <DeviceLimitForm />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('the device limit on the Settings screen', () => {
  it("shows the server's default and saves another number", async () => {
    const { fetch, user } = setup();
    const input = await screen.findByLabelText('Devices per student');
    expect(input).toHaveValue('2');
    expect(screen.getByText("The server's default (MAX_DEVICES_PER_STUDENT).")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '3');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Device limit saved')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({ maxDevicesPerStudent: 3 });
    expect(await screen.findByText("Set here. The server's default is 2.")).toBeInTheDocument();
  });

  it('refuses an empty number with the same sentence as the server, and goes back to the default', async () => {
    const { fetch, user } = setup({ maxDevicesPerStudent: 4, serverDefault: 2, custom: true });
    const input = await screen.findByLabelText('Devices per student');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Devices per student must be a whole number from 1 to 10.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: "Use the server's default (2)" }));
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({ maxDevicesPerStudent: null }),
    );
    expect(await screen.findByText("The server's default (MAX_DEVICES_PER_STUDENT).")).toBeInTheDocument();
  });
});
