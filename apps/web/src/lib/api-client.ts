import type { z } from 'zod';
import { clearSession, readSession } from './session';

/** Base URL of the API; the portal and the API share an origin by default. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON body, for a call whose refusal says more than `message` (an import's report). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type RequestOptions = Omit<RequestInit, 'body'> & {
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** When set, any other success status is a failure too (a call where only 204 means success). */
  expectStatus?: number;
};

/**
 * The one API client: adds the Bearer token, turns `{ message }` answers into ApiError, and on any
 * 401 clears the session and hard-redirects to /signin.
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: z.ZodType<T>,
): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}

/** A file the API makes (an export): its bytes and the name the server gave it, if any. */
export type ApiFile = { blob: Blob; fileName: string | null };

/** Like `apiFetch`, for an answer that is a file rather than JSON; failures are the same ApiError. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await send(path, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: name ? decodeURIComponent(name) : null };
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const session = readSession();
  const headers = new Headers(options.headers);
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  if (action && (options.method ?? 'GET') !== 'GET' && !headers.has('Idempotency-Key')) {
    // A second request of the same action is another request: it gets a key of its own.
    headers.set('Idempotency-Key', action.sent === 0 ? action.key : `${action.key}.${action.sent}`);
    action.sent += 1;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const { expectStatus, ...init } = options;
  const ask = () => fetch(`${API_BASE}${path}`, { ...init, headers, body });
  const plainRead = (init.method ?? 'GET') === 'GET' && body === undefined && options.headers === undefined;
  const ahead = plainRead && session ? takeReadAhead(path, session.token) : undefined;
  const response = ahead ? await ahead.catch(ask) : await ask();
  if (response.status === 401) {
    const hadSession = session !== null;
    clearSession();
    if (hadSession) window.location.assign('/signin');
    throw new ApiError(401, messageOf(await readBody(response), 'Your session has ended. Please sign in again.'));
  }
  if (!response.ok) {
    const data = await readBody(response);
    throw new ApiError(response.status, messageOf(data, `Request failed (${response.status}).`), data);
  }
  if (expectStatus !== undefined && response.status !== expectStatus)
    throw new ApiError(response.status, `Unexpected answer (${response.status}).`);
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown, fallback: string): string {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/** The server's message where there is one, else the given text (the server's reason is the more useful one). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
