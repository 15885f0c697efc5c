import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './auth.js';

const SECRET = 'a-test-secret-that-is-long-enough-to-sign-with';
const account = { id: 7, role: 'ROLE_ADMIN' as const, sessionVersion: 3 };

describe('TokenService.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a token it signed, the second time from what it remembers', async () => {
    const tokens = new TokenService(SECRET, 1);
    const token = await tokens.sign(account);
    expect(await tokens.verify(token)).toEqual({ accountId: 7, sessionVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ accountId: 7, sessionVersion: 3 });
  });

  it('signs a token that another server with the secret accepts, for ttl hours from its issue', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00.700Z'));
    const token = await new TokenService(SECRET, 2).sign(account);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ sub: '7', ver: 3, roles: ['ROLE_ADMIN'], iat: 1795420800, exp: 1795428000 });
    const otherServer = new TokenService(SECRET, 2);
    expect(await otherServer.verify(token)).toEqual({ accountId: 7, sessionVersion: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:00:01Z'));
    expect(await otherServer.verify(token)).toBeNull();
  });

  it('refuses a tampered copy of a token it has already verified', async () => {
    const tokens = new TokenService(SECRET, 1);
    const token = await tokens.sign(account);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    );
    expect(await tokens.verify(`${header}.${forged.toString('base64url')}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('refuses a token from another secret', async () => {
    const other = await new TokenService(`${SECRET}-other`, 1).sign(account);
    expect(await new TokenService(SECRET, 1).verify(other)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const tokens = new TokenService(SECRET, 1);
    const token = await tokens.sign(account);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-23T09:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });
});
