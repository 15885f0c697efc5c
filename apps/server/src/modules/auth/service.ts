import type { Me, SigninRequest, SigninResponse } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { admitSignin, sweepSigninCounters } from './throttle.js';

export class AuthService {
  constructor(private readonly deps: Pick<FastifyInstance, 'db' | 'tokens' | 'accounts'>) {}

  async signin(input: SigninRequest, address: string): Promise<SigninResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const admission = await admitSignin(this.deps.db, input.username, address);
    const account = await this.deps.accounts.findByUsername(input.username);
    const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok) throw unauthorized('Invalid username or password.');
    await admission.succeeded();
    if (needsRehash(account.passwordHash)) {
      await this.deps.accounts.setPasswordHash(account.id, await hashPassword(input.password));
    }
    if (account.role === 'ROLE_STUDENT') await this.deps.accounts.setLoggedIn(account.id, true);
    return { jwtToken: await this.deps.tokens.sign(account), roles: [account.role] };
  }

  me(principal: Principal): Me {
    return { id: principal.id, username: principal.username, roles: [principal.role] };
  }

  async logout(principal: Principal): Promise<void> {
    await this.deps.accounts.endSessions(principal.id);
  }

  /** Drops sign-in counters nobody has touched for longer than any rule looks back. */
  sweepCounters(): Promise<void> {
    return sweepSigninCounters(this.deps.db);
  }
}
