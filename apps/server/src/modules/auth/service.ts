import type { Me, SigninRequest, SigninResponse } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { tooManyRequests, unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords.js';
import type { Principal, TokenService } from '../../plugins/auth.js';
import { endSessions, findByUsername, setLoggedIn } from '../accounts/repository.js';
import { FailureThrottle } from './throttle.js';

const WINDOW_MS = 15 * 60 * 1000;

export class AuthService {
  /** Per account: slows guessing one password; per IP: slows spraying many accounts. */
  private readonly byAccount = new FailureThrottle(5, WINDOW_MS);
  private readonly byIp = new FailureThrottle(30, WINDOW_MS);

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async signin(input: SigninRequest, ip: string): Promise<SigninResponse> {
    const accountKey = input.username.toLowerCase();
    const wait = Math.max(this.byAccount.retryAfter(accountKey), this.byIp.retryAfter(ip));
    if (wait > 0) {
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    const account = await findByUsername(this.db, input.username);
    const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok) {
      this.byAccount.fail(accountKey);
      this.byIp.fail(ip);
      throw unauthorized('Invalid username or password.');
    }
    this.byAccount.reset(accountKey);
    if (account.role === 'ROLE_STUDENT') await setLoggedIn(this.db, account.id, true);
    return { jwtToken: await this.tokens.sign(account), roles: [account.role] };
  }

  me(principal: Principal): Me {
    return { id: principal.id, username: principal.username, roles: [principal.role] };
  }

  async logout(principal: Principal): Promise<void> {
    await endSessions(this.db, principal.id);
  }
}
