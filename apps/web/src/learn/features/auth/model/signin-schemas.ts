/**
 * Sign-in's schemas, a chunk of their own: zod and the contract's schemas stay out of the sign-in
 * page's first download (its budget is 120 KB of JavaScript), fetched while the student types.
 */
export { signinRequestSchema, signinResponseSchema } from '@valence/contract';
