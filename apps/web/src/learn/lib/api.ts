import type { z } from 'zod';
import { noteServerDate } from './server-clock';
import { clearSession, readSession } from './session';

export const API_BASE = '/api';
export const SIGNED_OUT = 'You were signed out. Please sign in again.';
export const OFFLINE = 'You are offline. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Options = Omit<RequestInit, 'body'> & { body?: unknown };

/**
 * The app's one API client: adds the token, turns `{ message }` answers into ApiError, and on a 401
 * (forced logout, a password changed elsewhere, an expired token) ends the session and goes to the
 * sign-in page, which says why.
 */
export async function api<T>(path: string, options: Options = {}, schema?: z.ZodType<T>): Promise<T> {
  const session = readSession();
  const headers = new Headers(options.headers);
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...options, headers, body });
  } catch {
    throw new ApiError(0, OFFLINE);
  }
  // Until an exam says the server's time exactly, its clock is read from any answer.
  noteServerDate(response.headers.get('date'));
  if (response.status === 401 && session) {
    signOutHere(SIGNED_OUT);
    throw new ApiError(401, SIGNED_OUT);
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}

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

async function messageOf(response: Response): Promise<string> {
  try {
    const data = (await response.json()) as { message?: unknown };
    if (typeof data.message === 'string' && data.message) return data.message;
  } catch {
    // Not JSON: a proxy's error page.
  }
  return `Something went wrong (${response.status}). Please try again.`;
}

/** The server's sentence for a failure, or `fallback`. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
