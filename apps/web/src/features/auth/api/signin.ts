import { useMutation } from '@tanstack/react-query';
import type { SigninRequest, SigninResponse } from '@valence/contract';
import { client, read } from '../../../lib/api-client';

/** Sign-in's schemas (and zod) load apart from the first bundle; see signin-schemas.ts. */
export const loadSigninSchemas = () => import('./signin-schemas');

export async function signin(credentials: SigninRequest): Promise<SigninResponse> {
  const { signinResponseSchema } = await loadSigninSchemas();
  return read(client.POST('/signin', { body: credentials }), signinResponseSchema);
}

export const signinMutationOptions = { mutationFn: signin };

export function useSignin() {
  return useMutation(signinMutationOptions);
}
