import type { Me, SigninRequest, SigninResponse } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { SigninThrottle } from './throttle.js';

export class AuthService {
  private readonly throttle: SigninThrottle;

  constructor(private readonly deps: Pick<FastifyInstance, 'db' | 'tokens' | 'accounts'>) {
    this.throttle = new SigninThrottle(deps.db);
  }

  async signin(input: SigninRequest, address: string): Promise<SigninResponse> {
    const account = await this.throttle.attempt(input.username, address, async () => {
      const found = await this.deps.accounts.findByUsername(input.username);
      const ok = await verifyPassword(input.password, found?.passwordHash ?? DUMMY_HASH);
      return found && ok ? found : null;
    });
    if (!account) throw unauthorized('Invalid username or password.');
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
    return this.throttle.sweep();
  }
}
