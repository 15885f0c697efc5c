import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentDevice } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { StudentDevices } from './student-devices';

const DEVICES: StudentDevice[] = [
  {
    id: '7d0b5a0e-3c1f-4a57-9a55-0c1b8f6f2a11',
    browser: 'Chrome on Android',
    signedInAt: '2026-11-20T03:00:00.000Z',
    lastSeenAt: '2026-11-23T04:30:00.000Z',
  },
  {
    id: '0f7e2d4c-9b8a-4c3d-8e1f-2a3b4c5d6e7f',
    browser: 'Safari on iPhone',
    signedInAt: '2026-11-21T03:00:00.000Z',
    lastSeenAt: '2026-11-22T10:15:00.000Z',
  },
];

function setup() {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  let devices = DEVICES;
  const fetch = fakeFetch({
    'GET /students/5/devices': () => ({ body: devices }),
    [`DELETE /students/5/devices/${DEVICES[1]?.id}`]: () => {
      devices = devices.slice(0, 1);
      return { status: 204 };
    },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <StudentDevices studentId={5} username="kasun" timeZone="Asia/Colombo" />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

describe("a student's devices on the student panel", () => {
  it('lists each device with its browser and when it was last seen, in the platform zone', async () => {
    setup();
    const panel = await screen.findByRole('region', { name: 'Devices' });
    expect(await within(panel).findByText('Chrome on Android')).toBeInTheDocument();
    expect(within(panel).getByText('Safari on iPhone')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in Colombo.
    expect(within(panel).getAllByText(/10:00/).length).toBeGreaterThan(0);
  });

  it('signs the student out on one device once confirmed, and lists what is left', async () => {
    const { fetch, user } = setup();
    const panel = await screen.findByRole('region', { name: 'Devices' });
    await within(panel).findByText('Safari on iPhone');
    const buttons = within(panel).getAllByRole('button', { name: 'Sign out' });
    await user.click(buttons[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out device' });
    expect(
      within(dialog).getByText('Sign kasun out on Safari on iPhone? That device goes back to the sign-in page.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out on Safari on iPhone')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(within(panel).getByText('Chrome on Android')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/students/5/devices/${DEVICES[1]?.id}`, body: undefined },
    ]);
  });

  it('says when the student is signed in nowhere', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    vi.stubGlobal('fetch', fakeFetch({ 'GET /students/5/devices': { body: [] } }).fn);
    renderWithProviders(<StudentDevices studentId={5} username="kasun" timeZone="Asia/Colombo" />);
    expect(await screen.findByText('Not signed in on any device.')).toBeInTheDocument();
  });
});
