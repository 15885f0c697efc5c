import { useMutation } from '@tanstack/react-query';
import { client, done } from '../../../lib/api-client';

/**
 * Ends the server session. The token is passed explicitly so a refused (student) sign-in, which is
 * never stored, can still be closed on the server.
 */
export function logout(token?: string): Promise<void> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return done(client.POST('/logout', { headers }));
}

export const logoutMutationOptions = { mutationFn: (token?: string) => logout(token) };

export function useLogout() {
  return useMutation(logoutMutationOptions);
}
