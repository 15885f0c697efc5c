import type { ChangeOwnPassword, Me, SigninRequest, SigninResponse, UpdateMeRequest } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { SigninThrottle } from './throttle.js';

export class AuthService {
  private readonly throttle: SigninThrottle;

  constructor(private readonly deps: Pick<FastifyInstance, 'db' | 'tokens' | 'accounts' | 'settings' | 'config'>) {
    this.throttle = new SigninThrottle(deps.db);
  }

  async signin(input: SigninRequest, address: string, userAgent = ''): Promise<SigninResponse> {
    const account = await this.throttle.attempt(input.username, address, async () => {
      const found = await this.deps.accounts.findForSignIn(input.username);
      const ok = await verifyPassword(input.password, found?.passwordHash ?? DUMMY_HASH);
      return found && ok ? found : null;
    });
    if (!account) throw unauthorized('Invalid username or password.');
    // Said only to whoever knows the password: a guess learns nothing about the account.
    if (account.disabled) throw forbidden('This account is disabled. Ask a superadmin to enable it.');
    if (needsRehash(account.passwordHash)) {
      await this.deps.accounts.setPasswordHash(account.id, await hashPassword(input.password));
    }
    // Staff are not limited to a number of devices, so their sign-ins keep no device rows.
    if (account.role !== 'ROLE_STUDENT') {
      return { jwtToken: await this.deps.tokens.sign(account), roles: [account.role] };
    }
    await this.deps.accounts.setLoggedIn(account.id, true);
    const deviceId = await this.newDevice(account, userAgent);
    return { jwtToken: await this.deps.tokens.sign(account, deviceId), roles: [account.role] };
  }

  /** A student's new device row, ending the oldest beyond the device limit; answers its id for the token. */
  private async newDevice(account: { id: number; sessionVersion: number }, userAgent: string): Promise<string> {
    const limit = await this.deps.settings.maxDevicesPerStudent();
    const { deviceId } = await this.deps.accounts.registerDevice(
      account,
      userAgent,
      limit,
      this.deps.config.tokenTtlHours,
    );
    return deviceId;
  }

  async me(principal: Principal): Promise<Me> {
    const settings = await this.deps.accounts.findSettings(principal.id);
    // Deleted since its token was checked: there is no one left to answer about.
    if (!settings) throw unauthorized();
    return { id: principal.id, username: principal.username, roles: [principal.role], ...settings };
  }

  /** A student's own settings (the route admits students only); answers `GET /me` as it now is. */
  async updateMe(principal: Principal, input: UpdateMeRequest): Promise<Me> {
    const settings = await this.deps.accounts.updateSettings(principal.id, input);
    if (!settings) throw unauthorized();
    return { id: principal.id, username: principal.username, roles: [principal.role], ...settings };
  }

  async logout(principal: Principal): Promise<void> {
    await this.deps.accounts.endSessions(principal.id);
  }

  /**
   * The signed-in account's own new password. The current password is checked through the sign-in
   * throttle, under the account's username and the caller's address, so a stolen token cannot be
   * used to guess it any faster than /signin allows. Every other session ends; the caller gets a
   * fresh token and stays signed in.
   */
  async changeOwnPassword(
    principal: Principal,
    input: ChangeOwnPassword,
    address: string,
    userAgent = '',
  ): Promise<SigninResponse> {
    const account = await this.throttle.attempt(principal.username, address, async () => {
      const found = await this.deps.accounts.findById(principal.id);
      const ok = await verifyPassword(input.currentPassword, found?.passwordHash ?? DUMMY_HASH);
      return found && ok ? found : null;
    });
    if (!account) throw badRequest('Your current password is not correct.');
    const changed = await this.deps.accounts.changePassword(account.id, input.newPassword);
    // Deleted between the check and the change: there is no account left to sign in to.
    if (!changed) throw unauthorized();
    await audit(this.deps.db, principal, 'account.password', `account:${changed.id}`, {
      username: principal.username,
    });
    // Every other device's session ended with the old password; this one is a new device row.
    const deviceId = changed.role === 'ROLE_STUDENT' ? await this.newDevice(changed, userAgent) : undefined;
    return { jwtToken: await this.deps.tokens.sign(changed, deviceId), roles: [changed.role] };
  }

  /** Drops sign-in counters nobody has touched for longer than any rule looks back. */
  sweepCounters(): Promise<void> {
    return this.throttle.sweep();
  }
}
