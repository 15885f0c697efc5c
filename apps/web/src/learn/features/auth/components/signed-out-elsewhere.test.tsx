import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { switchLanguage } from '../../../lib/i18n';
import { clearSession, readSession, writeSession } from '../../../lib/session';
import { fakeFetch, renderLearn } from '../../../test/render';
import LoginPage from './login-page';

const ELSEWHERE = 'You were signed out because your account was used on another device.';

/** A signed-in call answered as the server answers a device signed out on purpose. */
async function refusedWith(body: object) {
  writeSession({ token: 'old-device-token', roles: ['ROLE_STUDENT'] });
  vi.stubGlobal('fetch', fakeFetch({ 'GET /me/courses': { status: 401, body } }).fn);
  // Going to the sign-in page is the browser's business; here the page is drawn by the test.
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/learn/courses', assign });
  await expect(api('/me/courses')).rejects.toMatchObject({ status: 401 });
  expect(readSession()).toBeNull();
  expect(assign).toHaveBeenCalledWith('/learn/login');
  vi.unstubAllGlobals();
}

describe('a device signed out by the device limit', () => {
  afterEach(async () => {
    clearSession();
    vi.unstubAllGlobals();
    await switchLanguage('en');
  });

  it('says on the sign-in page that the account was used on another device', async () => {
    await refusedWith({ message: ELSEWHERE, code: 'SIGNED_IN_ELSEWHERE' });
    renderLearn(<LoginPage />);
    expect(await screen.findByText(ELSEWHERE)).toBeInTheDocument();
  });

  it('says it in the student’s language', async () => {
    await refusedWith({ message: ELSEWHERE, code: 'SIGNED_IN_ELSEWHERE' });
    await switchLanguage('si');
    renderLearn(<LoginPage />);
    expect(await screen.findByText('ඔබගේ ගිණුම වෙනත් උපාංගයක භාවිත කළ නිසා ඔබව ගිණුමෙන් ඉවත් කරන ලදී.')).toBeInTheDocument();
  });

  it('says staff signed the device out, and keeps the plain sentence for any other ended session', async () => {
    await refusedWith({ message: 'You were signed out of this device by the institute.', code: 'DEVICE_SIGNED_OUT' });
    const first = renderLearn(<LoginPage />);
    expect(await screen.findByText('You were signed out of this device by the institute.')).toBeInTheDocument();
    first.unmount();
    await refusedWith({ message: 'Authentication required.' });
    renderLearn(<LoginPage />);
    expect(await screen.findByText('You were signed out. Please sign in again.')).toBeInTheDocument();
  });
});
