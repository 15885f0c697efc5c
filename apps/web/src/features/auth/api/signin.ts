import { useMutation } from '@tanstack/react-query';
import { type SigninRequest, type SigninResponse, signinResponseSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';

export function signin(credentials: SigninRequest): Promise<SigninResponse> {
  return apiFetch('/signin', { method: 'POST', body: credentials }, signinResponseSchema);
}

export const signinMutationOptions = { mutationFn: signin };

export function useSignin() {
  return useMutation(signinMutationOptions);
}
