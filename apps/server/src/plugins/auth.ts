import { type Role, SESSION_END_MESSAGES, type SessionEndCode, STAFF_ROLES } from '@valence/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { MIN_SECRET_BYTES } from '../config.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { forbidden, HttpError, unauthorized } from '../lib/errors.js';
import type { Principal } from '../lib/principal.js';
import { signKey, verifySignature } from '../storage/signing.js';

/**
 * Who may call a route. Every API route declares one (an undeclared route fails at start-up), and
 * this plugin enforces it before the handler runs.
 */
export type Access = 'public' | 'authenticated' | 'student' | 'staff' | 'superadmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The token may also come as the JSON body's `token`, for a call the students' app makes with
     * `navigator.sendBeacon` as its page closes, which cannot set an Authorization header. A header,
     * when sent, is still the one checked.
     */
    bodyToken?: boolean;
    /**
     * The call may also be made through a short-lived link signed for one account (`signedLink`),
     * for a download the browser starts itself (a plain link cannot carry an Authorization header).
     * A header, when sent, is still the one checked.
     */
    signedLink?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** `deviceId`: the student's device row the sign-in made (staff tokens and older ones carry none). */
type Claims = { accountId: number; sessionVersion: number; deviceId?: string | undefined };

/** How many verified tokens are remembered: a staff day's worth of sessions, a few hundred kB. */
const VERIFIED_CACHE_SIZE = 5_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their expiry: the HMAC check is a fifth of a cheap request's work
   * and a token never changes, so it is done once per token. The session version is still checked on
   * every request, against the account (`app.accounts.findSession`, which forgets an account when any
   * process changes it, and a logout answers only once every server has: see Hearing).
   */
  private readonly verified = new BoundedMap<string, Claims & { expiresAt: number }>(VERIFIED_CACHE_SIZE);

  constructor(
    secret: string,
    private readonly ttlHours: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    // A short key makes every token and download link forgeable; refuse to run with one.
    if (this.key.length < MIN_SECRET_BYTES)
      throw new Error(`The signing secret must be at least ${MIN_SECRET_BYTES} bytes.`);
  }

  async sign(account: { id: number; role: Role; sessionVersion: number }, deviceId?: string): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expires = issuedAt + this.ttlHours * 3600;
    const token = await new SignJWT({
      ver: account.sessionVersion,
      roles: [account.role],
      ...(deviceId ? { sid: deviceId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(this.key);
    // Known good as it leaves: the first request with it (a student's exam list, as a class opens
    // its paper together) skips the HMAC check. Another server checks it once, as any token.
    this.verified.set(token, {
      accountId: account.id,
      sessionVersion: account.sessionVersion,
      deviceId,
      expiresAt: expires * 1000,
    });
    return token;
  }

  async verify(token: string): Promise<Claims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) {
        return { accountId: known.accountId, sessionVersion: known.sessionVersion, deviceId: known.deviceId };
      }
      this.verified.delete(token);
      return null;
    }
    try {
      // A token without an expiry would be valid for ever: only tokens we issued, which all carry one.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      const accountId = Number(payload.sub);
      const sessionVersion = Number(payload.ver);
      if (!Number.isInteger(accountId) || !Number.isInteger(sessionVersion)) return null;
      const deviceId = typeof payload.sid === 'string' ? payload.sid : undefined;
      this.verified.set(token, { accountId, sessionVersion, deviceId, expiresAt: Number(payload.exp) * 1000 });
      return { accountId, sessionVersion, deviceId };
    } catch {
      return null;
    }
  }
}

const isStaff = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/**
 * Resolves a session token to a live account; a token from an ended session is no token. A student's
 * device ended on purpose (a sign-in on one device too many, or by staff) answers the 401 that says so
 * instead, which a route that needs no sign-in ignores like any dead token.
 */
async function principalOf(app: FastifyInstance, token: string): Promise<Principal | HttpError | null> {
  const claims = await app.tokens.verify(token);
  if (!claims) return null;
  const account = await app.accounts.findSession(claims.accountId);
  if (!account || account.sessionVersion !== claims.sessionVersion) return null;
  if (claims.deviceId) {
    const ended = account.endedDevices?.[claims.deviceId];
    if (ended) return deviceEnded(ended === 'replaced' ? 'SIGNED_IN_ELSEWHERE' : 'DEVICE_SIGNED_OUT');
    app.accounts.seenDevice(claims.deviceId);
  }
  return { id: account.id, username: account.username, role: account.role };
}

const deviceEnded = (code: SessionEndCode) => new HttpError(401, SESSION_END_MESSAGES[code], {}, { code });

/** Sets the request's principal from what a token resolved to; a refusal is thrown unless the route is public. */
function settle(request: FastifyRequest, access: Access, resolved: Principal | HttpError | null): void {
  if (resolved instanceof HttpError) {
    request.principal = null;
    if (access !== 'public') throw resolved;
    return;
  }
  request.principal = resolved;
  checkAccess(access, resolved);
}

/** The bearer token of the Authorization header, resolved; null without one. */
function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal | HttpError | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return Promise.resolve(null);
  return principalOf(app, header.slice('Bearer '.length).trim());
}

/** The `token` of a parsed JSON body, if it is one; anything else is no token. */
function bodyTokenOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  const { token } = body;
  return typeof token === 'string' ? token : null;
}

/** What a signed link names: the path, the account and its session (a logout ends the link too). */
const linkSubject = (pathname: string, accountId: number, sessionVersion: number) =>
  `link\n${pathname}\n${accountId}\n${sessionVersion}`;

/**
 * `pathname` (the full path, prefix included) with a signature letting the bearer make that one GET
 * as `principal` for `ttlSeconds`: for a route declaring `signedLink`.
 */
export async function signedLink(
  app: FastifyInstance,
  principal: Principal,
  pathname: string,
  ttlSeconds: number,
): Promise<string> {
  const account = await app.accounts.findSession(principal.id);
  if (!account) throw unauthorized();
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const signature = signKey(app.signingSecret, linkSubject(pathname, account.id, account.sessionVersion), expires);
  return `${pathname}?${new URLSearchParams({ by: String(account.id), expires: String(expires), signature })}`;
}

/** The account a signed link was made for, while the link and its session last; else null. */
async function linkPrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal | null> {
  const query = request.query as Record<string, unknown>;
  const by = Number(query.by);
  const expires = Number(query.expires);
  if (!Number.isInteger(by) || typeof query.signature !== 'string') return null;
  const account = await app.accounts.findSession(by);
  if (!account) return null;
  const pathname = request.url.split('?')[0] ?? '';
  const subject = linkSubject(pathname, account.id, account.sessionVersion);
  if (!verifySignature(app.signingSecret, subject, expires, query.signature, undefined)) return null;
  return { id: account.id, username: account.username, role: account.role };
}

export function checkAccess(access: Access, principal: Principal | null): void {
  if (access === 'public') return;
  if (!principal) throw unauthorized();
  if (access === 'authenticated') return;
  if (access === 'student' && principal.role !== 'ROLE_STUDENT') throw forbidden('This is for students only.');
  if (access === 'staff' && !isStaff(principal.role)) throw forbidden('This is for staff only.');
  if (access === 'superadmin' && principal.role !== 'ROLE_SUPERADMIN') {
    throw forbidden('Only a superadmin may do this.');
  }
}

export const tokensPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; ttlHours: number }) => {
    app.decorate('tokens', new TokenService(options.secret, options.ttlHours));
    app.decorateRequest('principal', null);
  },
  { name: 'tokens' },
);

export type RouteInfo = { method: string; url: string; access: Access };

/**
 * Registered inside the API scope: demands an access level per route, records it in `table` (the
 * permission matrix test reads it) and enforces it.
 */
export async function accessControl(app: FastifyInstance, table: RouteInfo[]) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level (config.access).`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    const { access, bodyToken, signedLink: linkable } = request.routeOptions.config;
    if (!access) return;
    if (linkable && request.headers.authorization === undefined) {
      request.principal = await linkPrincipal(app, request);
      checkAccess(access, request.principal);
      return;
    }
    // Without a header, a body-token route is checked once its body is parsed (preValidation), still
    // before its schema or handler sees anything.
    if (bodyToken && request.headers.authorization === undefined) return;
    settle(request, access, await resolvePrincipal(app, request));
  });
  app.addHook('preValidation', async (request) => {
    const { access, bodyToken } = request.routeOptions.config;
    if (!access || !bodyToken || request.headers.authorization !== undefined) return;
    const token = bodyTokenOf(request.body);
    settle(request, access, token === null ? null : await principalOf(app, token));
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
