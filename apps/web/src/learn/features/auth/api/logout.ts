import { API_BASE } from '../../../lib/api';

/**
 * Ends the session on the server. The token is passed explicitly: a refused (staff) sign-in never
 * stores one, and signing out must work even when the answer never comes (offline), so a failure
 * is not an error here: the device forgets the session either way. Plain fetch rather than the
 * typed client, whose 401 handling would sign out (and redirect) a second time.
 */
export async function logout(token: string): Promise<void> {
  await fetch(`${API_BASE}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
}
