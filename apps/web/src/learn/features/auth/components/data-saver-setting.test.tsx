import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import { DataSaverSetting } from './data-saver-setting';

const me = (dataSaver: boolean) => ({ id: 5, username: 'kavindi', roles: ['ROLE_STUDENT'], language: 'en', dataSaver });

beforeEach(() => writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] }));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('Data saver', () => {
  it("shows the server's setting and keeps a change on the server", async () => {
    const fake = fakeFetch({
      'GET /me': { body: me(false) },
      'PATCH /me': ({ body }) => ({ body: me((body as { dataSaver: boolean }).dataSaver) }),
    });
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<DataSaverSetting />);
    const box = await screen.findByRole('checkbox', { name: 'Data saver' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(fake.calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/me',
      body: { dataSaver: true },
    });
  });

  it('says so when the setting could not be saved', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /me': { body: me(false) }, 'PATCH /me': { status: 503, body: {} } }).fn);
    renderLearn(<DataSaverSetting />);
    const box = await screen.findByRole('checkbox', { name: 'Data saver' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Data saver setting could not be saved.');
    expect(box).not.toBeChecked();
  });
});
