import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, readSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import LoginPage, { returnAddress, SIGNIN_FAILED, STUDENTS_ONLY } from './login-page';

async function signIn(username: string, password: string) {
  await userEvent.type(screen.getByPlaceholderText('Enter your username'), username);
  await userEvent.type(screen.getByPlaceholderText('Enter your password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('students app sign-in', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('keeps a student signed in under the app’s own keys', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'POST /signin': { body: { jwtToken: 'student-token', roles: ['ROLE_STUDENT'] } } }).fn,
    );
    renderLearn(<LoginPage />);
    await signIn('kasun', 'secret123');
    await waitFor(() => expect(readSession()).toEqual({ token: 'student-token', roles: ['ROLE_STUDENT'] }));
    // The portal's session keys stay untouched: a tutor on the same browser is not signed in or out.
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('goes back to the screen the student was sent from, else to My courses', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'POST /signin': { body: { jwtToken: 'student-token', roles: ['ROLE_STUDENT'] } } }).fn,
    );
    // The sign-in page answers /login only, as in the app: anywhere else is another screen.
    const { router } = renderLearn(<LoginPage />, {
      path: '/login',
      route: '/login',
      state: { from: '/exams/3' },
      others: [{ path: '*', element: <p>another screen</p> }],
    });
    await signIn('kasun', 'secret123');
    expect(await screen.findByText('another screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exams/3');
    for (const state of [
      null,
      {},
      { from: 'https://elsewhere.example' },
      { from: '//elsewhere' },
      { from: '/login' },
    ]) {
      expect(returnAddress(state)).toBe('/');
    }
    expect(returnAddress({ from: '/courses/2/lectures/5' })).toBe('/courses/2/lectures/5');
  });

  it('sends staff to the portal and ends their token', async () => {
    const fake = fakeFetch({
      'POST /signin': { body: { jwtToken: 'staff-token', roles: ['ROLE_ADMIN'] } },
      'POST /logout': { status: 204 },
    });
    vi.stubGlobal('fetch', fake.fn);
    renderLearn(<LoginPage />);
    await signIn('tutor', 'secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent(STUDENTS_ONLY);
    expect(readSession()).toBeNull();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /logout');
  });

  it('says a wrong password plainly and asks for empty fields', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'POST /signin': { status: 401, body: { message: 'Invalid username or password.' } } }).fn,
    );
    renderLearn(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    await signIn('kasun', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNIN_FAILED);
  });
});
