import {
  changeOwnPasswordSchema,
  meSchema,
  signinRequestSchema,
  signinResponseSchema,
  updateMeRequestSchema,
} from '@valence/contract';

/** Worked examples of signing in, asking who one is, changing one's settings and password, for the OpenAPI page (/api/docs). */
export const examples = {
  signinBody: signinRequestSchema.meta({ examples: [{ username: 'nimali.perera', password: 'a-long-passphrase' }] }),
  signinAnswer: signinResponseSchema.meta({
    examples: [{ jwtToken: 'eyJhbGciOiJIUzI1NiJ9…', roles: ['ROLE_STUDENT'] }],
  }),
  changePasswordBody: changeOwnPasswordSchema.meta({
    examples: [{ currentPassword: 'a-long-passphrase', newPassword: 'another-long-passphrase' }],
  }),
  me: meSchema.meta({
    examples: [{ id: 412, username: 'nimali.perera', roles: ['ROLE_STUDENT'], language: 'si', dataSaver: false }],
  }),
  updateMeBody: updateMeRequestSchema.meta({ examples: [{ language: 'ta' }, { dataSaver: true }] }),
};
