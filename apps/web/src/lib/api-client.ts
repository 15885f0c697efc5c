import type { z } from 'zod';
import { clearSession, readSession } from './session';

/** Base URL of the API; the portal and the API share an origin by default. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
  const session = readSession();
  const headers = new Headers(options.headers);
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const { expectStatus, ...init } = options;
  const response = await fetch(`${API_BASE}${path}`, { ...init, headers, body });
  if (response.status === 401) {
    const hadSession = session !== null;
    clearSession();
    if (hadSession) window.location.assign('/signin');
    throw new ApiError(401, await readMessage(response, 'Your session has ended. Please sign in again.'));
  }
  if (!response.ok)
    throw new ApiError(response.status, await readMessage(response, `Request failed (${response.status}).`));
  if (expectStatus !== undefined && response.status !== expectStatus)
    throw new ApiError(response.status, `Unexpected answer (${response.status}).`);
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}

async function readMessage(response: Response, fallback: string): Promise<string> {
  try {
    const data = (await response.json()) as { message?: unknown };
    return typeof data.message === 'string' && data.message ? data.message : fallback;
  } catch {
    return fallback;
  }
}

/** The server's message where there is one, else the given text (the server's reason is the more useful one). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
