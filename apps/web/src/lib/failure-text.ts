import { ApiError, errorMessage } from './api-client';

/**
 * What a screen says when a call failed. A refusal (4xx) names its reason (a duplicate identifier,
 * no such exam, marks not published), so the server's message is shown, and so does a 503, which
 * the server sends with what to do (the file store is away: try again; the marked paper could not
 * be drawn: save again). Any other 5xx or a lost connection says nothing a tutor can act on, so the
 * screen's own sentence (`fallback`) is shown instead.
 */
export function failureText(error: unknown, fallback: string): string {
  const told = error instanceof ApiError && (error.status < 500 || error.status === 503);
  return told ? errorMessage(error, fallback) : fallback;
}
