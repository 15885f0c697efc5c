import type { z } from 'zod';
import { ApiError, type ApiFile, createApiCore, fileNameOf, messageOf, type RequestOptions } from './api-core';
import { clearSession, readSession } from './session';

/** Base URL of the API; the portal and the API share an origin by default. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

export { ApiError, type ApiFile, done, file, formBody, read } from './api-core';

const core = createApiCore({
  baseUrl: API_BASE,
  token: () => readSession()?.token ?? null,
  addHeaders: (method, headers) => {
    if (action && method !== 'GET' && !headers.has('Idempotency-Key')) {
      // A second request of the same action is another request: it gets a key of its own.
      headers.set('Idempotency-Key', action.sent === 0 ? action.key : `${action.key}.${action.sent}`);
      action.sent += 1;
    }
  },
  takeAhead: (path, token) => takeReadAhead(path, token),
  onUnauthorized: (hadSession, body) => {
    clearSession();
    if (hadSession) window.location.assign('/signin');
    return new ApiError(401, messageOf(body, 'Your session has ended. Please sign in again.'));
  },
  fallbackMessage: (status) => `Request failed (${status}).`,
});

/**
 * The portal's typed client (see api-core.ts): adds the Bearer token and the running action's
 * `Idempotency-Key`, turns `{ message }` answers into ApiError, and on any 401 clears the session
 * and hard-redirects to /signin.
 */
export const client = core.client;

/**
 * A call by hand, for what the typed client does not fit (a multipart form): the same token, keys,
 * errors and 401 handling as `client`.
 */
export const apiFetch: <T = unknown>(path: string, options?: RequestOptions, schema?: z.ZodType<T>) => Promise<T> =
  core.fetchJson;

const send = core.send;

/** Like `apiFetch`, for an answer that is a file rather than JSON (typed calls use `file`); failures are the same ApiError. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await send(path, options);
  return { blob: await response.blob(), fileName: fileNameOf(response) };
}

/**
 * Reads started before the page that needs them has loaded, by path (see `readAhead`). Each is
 * handed once to the first plain GET of the same path made with the same session.
 */
const readsAhead = new Map<string, { token: string; response: Promise<Response>; startedAt: number }>();
/** A read ahead left untaken this long is dropped: the page asked for something else, or the answer is old. */
const READ_AHEAD_MS = 10_000;

/**
 * Starts a GET of `path` for the page about to be drawn. A page asks for its data only once its code
 * has downloaded, run and drawn; the router knows the address before any of that, so its loader can
 * start the page's first read while the code is on its way. Does nothing when signed out.
 */
export function readAhead(path: string): void {
  const session = readSession();
  if (!session) return;
  const response = fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${session.token}` } });
  // A failed read ahead is only a lost head start: the page's own read then asks again.
  response.catch(() => undefined);
  readsAhead.set(path, { token: session.token, response, startedAt: Date.now() });
}

function takeReadAhead(path: string, token: string): Promise<Response> | undefined {
  const read = readsAhead.get(path);
  if (!read) return undefined;
  readsAhead.delete(path);
  return read.token === token && Date.now() - read.startedAt <= READ_AHEAD_MS ? read.response : undefined;
}

/** A fresh key for one user action: 128 random bits (crypto.randomUUID needs HTTPS; this does not). */
export function newActionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key of the action whose attempt is running (`withActionKey`), and how many requests it has sent. */
let action: { key: string; sent: number } | undefined;
const actionKeys = new WeakMap<object, string>();

/**
 * Runs one attempt of a user action: each change request `call` starts before its first await
 * carries an `Idempotency-Key`, so the server answers a repeat with its first answer instead of
 * doing the work again. The key belongs to `run` (React Query's context of one `mutate`, the same
 * object on each of its retries): a retry sends the same key, a new click a new one.
 */
export function withActionKey<T>(run: object, call: () => Promise<T>): Promise<T> {
  let key = actionKeys.get(run);
  if (!key) {
    key = newActionKey();
    actionKeys.set(run, key);
  }
  const outer = action;
  action = { key, sent: 0 };
  try {
    return call();
  } finally {
    action = outer;
  }
}

/** The server's message where there is one, else the given text (the server's reason is the more useful one). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
