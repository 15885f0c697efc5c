import type { SigninRequest, SigninResponse } from '@valence/contract';
import { client, read } from '../../../lib/api';

/** Sign-in's schemas (and zod) load apart from the sign-in page's first download. */
export const loadSigninSchemas = () => import('../model/signin-schemas');

/** Signing in is a plain call: the sign-in page loads without the query cache. */
export async function signin(body: SigninRequest): Promise<SigninResponse> {
  const { signinResponseSchema } = await loadSigninSchemas();
  return read(client.POST('/signin', { body }), signinResponseSchema);
}
