/*
 * Sign-in's schemas, in a chunk of their own: sign-in is in the first bundle, and importing them
 * there would bring zod into it too. The page paints first and this chunk follows at once.
 */
export { signinRequestSchema, signinResponseSchema } from '@valence/contract';
