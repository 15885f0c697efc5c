import { useMutation } from '@tanstack/react-query';
import { type ChangeOwnPassword, type SigninResponse, signinResponseSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { writeSession } from '../../../lib/session';

/**
 * Changes the student's own password. The server ends every other session of the account and
 * answers a fresh token for this device, which replaces the old one so the student stays signed in.
 */
export async function changePassword(body: ChangeOwnPassword): Promise<SigninResponse> {
  const answer = await read(client.POST('/me/password', { body }), signinResponseSchema);
  writeSession({ token: answer.jwtToken, roles: answer.roles });
  return answer;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
