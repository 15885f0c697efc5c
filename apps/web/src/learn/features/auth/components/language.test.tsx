import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSync } from '../../../app/language-sync';
import { browserLanguage, currentLanguage, switchLanguage } from '../../../lib/i18n';
import { clearSession, writeSession } from '../../../lib/session';
import { formatWhen } from '../../../lib/time';
import { fakeFetch, renderLearn } from '../../../test/render';
import AccountPage from './account-page';
import LoginPage from './login-page';

const me = (language: string | null) => ({
  id: 7,
  username: 'kasun',
  roles: ['ROLE_STUDENT'],
  language,
  dataSaver: false,
});

describe("the students' app in the student's language", () => {
  afterEach(async () => {
    clearSession();
    localStorage.clear();
    vi.unstubAllGlobals();
    await switchLanguage('en');
  });

  it('switches the sign-in page to Sinhala and Tamil from a picker that names each in its own script', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.getByRole('heading', { name: 'Valence for students' })).toBeInTheDocument();
    for (const name of ['English', 'සිංහල', 'தமிழ்']) expect(screen.getByRole('radio', { name })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'සිංහල' }));
    expect(await screen.findByRole('heading', { name: 'සිසුන් සඳහා Valence' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'පිවිසෙන්න' })).toBeInTheDocument();
    expect(screen.getByLabelText('මුරපදය')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('si');

    await userEvent.click(screen.getByRole('radio', { name: 'தமிழ்' }));
    expect(await screen.findByRole('button', { name: 'உள்நுழைக' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'தமிழ்' })).toBeChecked();
    // Signed out, the pick is kept on the phone only; the server hears of it after sign-in.
    expect(fake.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(localStorage.getItem('valence.learn.language')).toBe('ta');
  });

  it('says a wrong password and an empty field in the chosen language', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'POST /signin': { status: 401, body: { message: 'Invalid username or password.' } } }).fn,
    );
    renderLearn(<LoginPage />, { path: '/login', route: '/login' });
    await userEvent.click(screen.getByRole('radio', { name: 'தமிழ்' }));
    await userEvent.click(await screen.findByRole('button', { name: 'உள்நுழைக' }));
    expect(await screen.findByText('பயனர் பெயர் தேவை.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('பயனர் பெயர்'), 'kasun');
    await userEvent.type(screen.getByLabelText('கடவுச்சொல்'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'உள்நுழைக' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'உள்நுழைவு தோல்வியடைந்தது. உங்கள் பயனர் பெயரையும் கடவுச்சொல்லையும் சரிபார்க்கவும்.',
    );
  });

  it('keeps the language chosen in Account on the server with PATCH /me', async () => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
    const fake = fakeFetch({ 'PATCH /me': ({ body }) => ({ body: me((body as { language: string }).language) }) });
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<AccountPage />);
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { name: 'கணக்கு' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'வெளியேறு' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/me', body: { language: 'ta' } },
      ]),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'සිංහල' }));
    expect(await screen.findByRole('heading', { name: 'ගිණුම' })).toBeInTheDocument();
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(fake.calls.at(-1)?.body).toEqual({ language: 'si' });
  });

  it('says so when the server could not keep the language, and shows it on this phone anyway', async () => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'PATCH /me': { status: 503, body: { message: 'The database is not available.' } } }).fn,
    );
    renderLearn(<AccountPage />);
    await userEvent.click(screen.getByRole('radio', { name: 'සිංහල' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ඔබේ භාෂාව ඔබේ ගිණුමේ සුරැකිය නොහැකි විය. දැනට එය මෙම දුරකථනයේ පමණක් භාවිත වේ.',
    );
    expect(currentLanguage()).toBe('si');
  });

  it("after sign-in shows the server's language, and sends a pick made on the sign-in page instead", async () => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
    const fromServer = fakeFetch({ 'GET /me': { body: me('ta') } });
    vi.stubGlobal('fetch', fromServer.fn);
    const first = render(
      <QueryClientProvider client={new QueryClient()}>
        <LanguageSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(currentLanguage()).toBe('ta'));
    expect(fromServer.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    first.unmount();

    // Picked Sinhala on the sign-in page, signed out: that newest choice goes to the server.
    await switchLanguage('si', { picked: true, unsaved: true });
    const picked = fakeFetch({ 'GET /me': { body: me('ta') }, 'PATCH /me': { body: me('si') } });
    vi.stubGlobal('fetch', picked.fn);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LanguageSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(picked.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(picked.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ language: 'si' });
    expect(currentLanguage()).toBe('si');
  });

  it("follows the browser's languages on a first visit", () => {
    expect(browserLanguage(['si-LK', 'en-GB'])).toBe('si');
    expect(browserLanguage(['fr-FR', 'ta-IN'])).toBe('ta');
    expect(browserLanguage(['de-DE'])).toBe('en');
  });

  it('writes dates through Intl in the chosen language, in the platform zone', async () => {
    const iso = '2026-12-03T12:30:00Z';
    expect(formatWhen(iso, 'Asia/Colombo')).toBe('Thu, 3 Dec 2026, 18:00');
    await switchLanguage('si');
    const sinhala = formatWhen(iso, 'Asia/Colombo');
    expect(sinhala).toMatch(/[\u0D80-\u0DFF]/);
    expect(sinhala).toContain('18');
    await switchLanguage('ta');
    const tamil = formatWhen(iso, 'Asia/Colombo');
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/);
    expect(tamil).toContain('18:00');
  });
});
