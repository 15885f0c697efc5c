import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

// Sign-in's schemas arrive in a chunk of their own; a test can make that chunk fail to load.
const schemaChunk = vi.hoisted(() => ({ fails: false }));
vi.mock('../api/signin', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api/signin')>();
  return {
    ...original,
    loadSigninSchemas: () =>
      schemaChunk.fails
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : original.loadSigninSchemas(),
  };
});

function renderLogin() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />, { path: '/login' });
  return onSuccess;
}

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByPlaceholderText('Enter your username'), username);
  if (password) await user.type(screen.getByPlaceholderText('Enter your password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('is titled as the admin portal with required, labelled fields', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });

  it('does not call the server when a field is empty', async () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch.fn);
    renderLogin();
    await signIn('admin', '');
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('shows the failure text on bad credentials and stores nothing', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /signin': { status: 401, body: { message: 'Bad credentials' } } }).fn);
    const onSuccess = renderLogin();
    await signIn('admin', 'wrong-password');
    expect(await screen.findByText('Login failed. Please check your username and password.')).toBeInTheDocument();
    // The students' app is pointed to only when a student account was refused.
    expect(screen.queryByRole('link', { name: '/learn/login' })).toBeNull();
    expect(readSession()).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('refuses a student account without storing its token', async () => {
    const fetch = fakeFetch({
      'POST /signin': { body: { jwtToken: 'student-token', roles: ['ROLE_STUDENT'] } },
      'POST /logout': { status: 204 },
    });
    vi.stubGlobal('fetch', fetch.fn);
    const onSuccess = renderLogin();
    await signIn('student1', 'secret123');
    expect(await screen.findByText('This portal is for staff only.')).toBeInTheDocument();
    // In the same alert, where a student should go instead.
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Students sign in at /learn/login.');
    const link = within(alert).getByRole('link', { name: '/learn/login' });
    expect(link).toHaveAttribute('href', '/learn/login');
    expect(readSession()).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(fetch.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /logout'));
  });

  it('stores the token and roles of a staff account and reports success', async () => {
    const fetch = fakeFetch({ 'POST /signin': { body: { jwtToken: 'staff-token', roles: ['ROLE_SUPERADMIN'] } } });
    vi.stubGlobal('fetch', fetch.fn);
    const onSuccess = renderLogin();
    await signIn('admin', 'admin12345');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(readSession()).toEqual({ token: 'staff-token', roles: ['ROLE_SUPERADMIN'] });
    expect(localStorage.getItem('jwtToken')).toBe('staff-token');
    expect(fetch.calls[0]?.body).toEqual({ username: 'admin', password: 'admin12345' });
  });

  it('says so when its checks could not load, sends nothing and keeps what was typed', async () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch.fn);
    schemaChunk.fails = true;
    try {
      const onSuccess = renderLogin();
      await signIn('admin', 'admin12345');
      expect(
        await screen.findByText('The sign-in form could not load. Check your connection and try again.'),
      ).toBeInTheDocument();
      expect(fetch.calls).toHaveLength(0);
      expect(screen.getByPlaceholderText('Enter your username')).toHaveValue('admin');
      expect(onSuccess).not.toHaveBeenCalled();
    } finally {
      schemaChunk.fails = false;
    }
  });
});
