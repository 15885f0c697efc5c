import { type SigninRequest, type SigninResponse, signinResponseSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/** Signing in is a plain call: the sign-in page loads without the query cache. */
export const signin = (body: SigninRequest) =>
  api<SigninResponse>('/signin', { method: 'POST', body }, signinResponseSchema);
