import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstituteSettings } from '@valence/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { InstituteSettingsForm } from './institute-settings-form';

const SAVED: InstituteSettings = {
  name: 'Valence Institute',
  address: '12 Galle Road',
  contact: '011 234 5678',
  phone: '',
  email: '',
  instagram: '',
  facebook: '',
  logoUrl: null,
  logoType: null,
  updatedAt: '2026-05-01T00:00:00.000Z',
};

function setup() {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  const fetch = fakeFetch({
    'GET /settings/institute': { body: SAVED },
    'PUT /settings/institute': ({ body }) => ({ body: { ...SAVED, ...(body as object) } }),
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<InstituteSettingsForm />);
  return fetch;
}

describe('InstituteSettingsForm', () => {
  // The address's autosizing textarea listens for web fonts loading, which jsdom does not have.
  beforeAll(() => {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  });
  afterAll(() => {
    Reflect.deleteProperty(document, 'fonts');
  });

  it("saves the Contact page's phone, e-mail, Instagram and Facebook with the other details", async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone / WhatsApp'), '+94 71 555 0101');
    await user.type(screen.getByLabelText('E-mail'), 'office@valence.lk');
    await user.type(screen.getByLabelText('Instagram'), 'valence.chem');
    await user.type(screen.getByLabelText('Facebook'), 'valencechem');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(fetch.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Valence Institute',
      address: '12 Galle Road',
      contact: '011 234 5678',
      phone: '+94 71 555 0101',
      email: 'office@valence.lk',
      instagram: 'valence.chem',
      facebook: 'valencechem',
    });
  });

  it('refuses an e-mail address that is not one, with the contract’s message, and sends nothing', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'office at valence');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The e-mail address must look like name@example.com.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
