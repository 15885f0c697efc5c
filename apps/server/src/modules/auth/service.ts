import type { Me, SigninRequest, SigninResponse } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import type { Principal, TokenService } from '../../plugins/auth.js';
import { endSessions, findByUsername, setLoggedIn, setPasswordHash } from '../accounts/repository.js';
import { admitSignin } from './throttle.js';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async signin(input: SigninRequest, address: string): Promise<SigninResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const admission = await admitSignin(this.db, input.username, address);
    const account = await findByUsername(this.db, input.username);
    const ok = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok) throw unauthorized('Invalid username or password.');
    await admission.succeeded();
    if (needsRehash(account.passwordHash)) {
      await setPasswordHash(this.db, account.id, await hashPassword(input.password));
    }
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
