import { screen } from '@testing-library/react';
import type { InstituteContact } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { ContactCards } from './contact-cards';

const NONE: InstituteContact = { name: '', address: '', phone: '', email: '', instagram: '', facebook: '' };

function renderWith(answer: { status?: number; body?: unknown }) {
  const fetch = fakeFetch({ 'GET /settings/contact': answer });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<ContactCards />, { path: '/contact' });
  return fetch;
}

/** Any of the placeholders the page used to show when a build set nothing. */
const PLACEHOLDERS = /123 4567|valence\.example|valence\.chemistry/;

describe('ContactCards', () => {
  it("shows the institute's own details from the server, each as a link", async () => {
    const fetch = renderWith({
      body: {
        name: 'Valence Institute',
        address: '12 Galle Road, Colombo 3',
        phone: '+94 71 555 0101',
        email: 'office@valence.lk',
        instagram: 'valence.chem',
        facebook: 'valencechem',
      },
    });
    expect(await screen.findByRole('link', { name: '+94 71 555 0101' })).toHaveAttribute(
      'href',
      'https://wa.me/94715550101',
    );
    expect(screen.getByRole('link', { name: 'office@valence.lk' })).toHaveAttribute('href', 'mailto:office@valence.lk');
    expect(screen.getByRole('link', { name: '@valence.chem' })).toHaveAttribute(
      'href',
      'https://instagram.com/valence.chem',
    );
    expect(screen.getByRole('link', { name: 'valencechem' })).toHaveAttribute(
      'href',
      'https://facebook.com/valencechem',
    );
    expect(screen.getByText('12 Galle Road, Colombo 3')).toBeInTheDocument();
    expect(screen.getByText('Valence Institute')).toBeInTheDocument();
    expect(screen.getByText('Available 24/7')).toBeInTheDocument();
    expect(fetch.calls.map((call) => call.path)).toEqual(['/settings/contact']);
  });

  it('shows only the details that are set', async () => {
    renderWith({ body: { ...NONE, email: 'office@valence.lk' } });
    expect(await screen.findByRole('link', { name: 'office@valence.lk' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    for (const title of ['Phone / WhatsApp', 'Instagram', 'Facebook', 'Address'])
      expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(PLACEHOLDERS);
  });

  it('says to ask the institute, and makes up nothing, when no detail is set', async () => {
    renderWith({ body: NONE });
    expect(
      await screen.findByText(
        'The institute has not put its contact details here yet: please ask the institute directly.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('Available 24/7')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(PLACEHOLDERS);
  });

  it('says so when the details cannot be loaded', async () => {
    renderWith({ status: 500, body: { message: 'Internal server error.' } });
    expect(await screen.findByText('Could not load the contact details. Try again later.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(PLACEHOLDERS);
  });
});
