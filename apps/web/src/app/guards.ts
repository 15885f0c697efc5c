import { redirect } from 'react-router';
import { isSuperadmin, readSession } from '../lib/session';

/** Every route but sign-in and contact needs a signed-in user (any role). */
export function requireAuth() {
  if (!readSession()) throw redirect('/login');
  return null;
}

/** The Staff, Audit log and Settings screens also check a role: only a superadmin manages staff and the institute's details, or reads the log. */
export function requireSuperadmin() {
  const session = readSession();
  if (!session) throw redirect('/login');
  if (!isSuperadmin(session)) throw redirect('/dashboard');
  return null;
}

/** Signed-in users have no business on the sign-in page. */
export function redirectIfSignedIn() {
  if (readSession()) throw redirect('/dashboard');
  return null;
}

/** Unknown paths (and `/`) go to the dashboard or the sign-in page. */
export function redirectHome() {
  return redirect(readSession() ? '/dashboard' : '/login');
}
