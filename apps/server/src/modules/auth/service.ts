import type { Me, SigninRequest, SigninResponse } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import type { TokenService } from '../../plugins/auth.js';
import type { AccountsService } from '../accounts/service.js';
import { admitSignin, sweepSigninCounters } from './throttle.js';

export class AuthService {
  private readonly db: Db;
  private readonly tokens: TokenService;
  private readonly accounts: AccountsService;

  constructor({ db, tokens, accounts }: Pick<FastifyInstance, 'db' | 'tokens' | 'accounts'>) {
    this.db = db;
    this.tokens = tokens;
    this.accounts = accounts;
  }

  async signin(input: SigninRequest, address: string): Promise<SigninResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const admission = await admitSignin(this.db, input.username, address);
    const account = await this.accounts.findByUsername(input.username);
    const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok) throw unauthorized('Invalid username or password.');
    await admission.succeeded();
    if (needsRehash(account.passwordHash)) {
      await this.accounts.setPasswordHash(account.id, await hashPassword(input.password));
    }
    if (account.role === 'ROLE_STUDENT') await this.accounts.setLoggedIn(account.id, true);
    return { jwtToken: await this.tokens.sign(account), roles: [account.role] };
  }

  me(principal: Principal): Me {
    return { id: principal.id, username: principal.username, roles: [principal.role] };
  }

  async logout(principal: Principal): Promise<void> {
    await this.accounts.endSessions(principal.id);
  }

  /** Drops sign-in counters nobody has touched for longer than any rule looks back. */
  sweepCounters(): Promise<void> {
    return sweepSigninCounters(this.db);
  }
}
