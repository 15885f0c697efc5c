import type { z } from 'zod';
import { ApiError, createApiCore, type RequestOptions } from '../../lib/api-core';
import en from '../locales/en.json';
import { noteServerDate } from './server-clock';
import { clearSession, readSession } from './session';

export const API_BASE = '/api';
export const SIGNED_OUT = 'You were signed out. Please sign in again.';
export const OFFLINE = 'You are offline. Check your connection and try again.';

/**
 * What the sign-in page says when the server ended this device's session on purpose (the 401's
 * `code`): a sign-in on one device too many, or staff signing it out. English here, said in the
 * student's language by the page (`knownMessage`).
 */
const ENDED_BECAUSE: Record<string, string> = {
  SIGNED_IN_ELSEWHERE: en.messages.signedInElsewhere,
  DEVICE_SIGNED_OUT: en.messages.deviceSignedOut,
};

/** Why a 401 ended the session: the server's reason when it gave a known one, else the plain one. */
export function endedReason(body: unknown): string {
  const code = (body as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && ENDED_BECAUSE[code]) || SIGNED_OUT;
}

export { ApiError, done, formBody, read } from '../../lib/api-core';

/**
 * The app's API client (the core is shared with the portal, see lib/api-core.ts): adds the token,
 * turns `{ message }` answers into ApiError, and on a 401 (forced logout, a password changed
 * elsewhere, an expired token) ends the session and goes to the sign-in page, which says why.
 */
const core = createApiCore({
  baseUrl: API_BASE,
  token: () => readSession()?.token ?? null,
  unreachable: () => new ApiError(0, OFFLINE),
  // Until an exam says the server's time exactly, its clock is read from any answer.
  onAnswer: (response) => noteServerDate(response.headers.get('date')),
  // A 401 without a session is a refused sign-in: its own message says why.
  onUnauthorized: (hadSession, body) => {
    if (!hadSession) return undefined;
    const reason = endedReason(body);
    signOutHere(reason);
    return new ApiError(401, reason);
  },
  fallbackMessage: (status) => `Something went wrong (${status}). Please try again.`,
});

/** The typed client: `read(client.GET('/me/courses'), schema)`. */
export const client = core.client;

/** A call by hand, for what the typed client does not fit (a multipart form): the same token, errors and 401 handling. */
export const api: <T>(path: string, options?: RequestOptions, schema?: z.ZodType<T>) => Promise<T> = core.fetchJson;

/** A file the server draws (the marks PDF): the answer itself, with the same token, errors and 401 handling. */
export const fileResponse = (path: string): Promise<Response> => core.send(path);

const actionKeys = new WeakMap<object, string>();

/**
 * The `Idempotency-Key` of one hand-in: made when the tap's mutation starts (`run` is React Query's
 * context of that one `mutate`, the same object on its retries), so a repeat of it is answered with
 * the first answer instead of being handed in twice. Random bits from getRandomValues, which, unlike
 * randomUUID, works on a plain-HTTP address too.
 */
export function actionKeyOf(run: object): string {
  let key = actionKeys.get(run);
  if (!key) {
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    actionKeys.set(run, key);
  }
  return key;
}

/** Ends the session on this device and shows the sign-in page with `reason`. */
export function signOutHere(reason?: string): void {
  clearSession(reason);
  if (!window.location.pathname.startsWith('/learn/login')) window.location.assign('/learn/login');
}

/** The server's sentence for a failure, or `fallback`. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
