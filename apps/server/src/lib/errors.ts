/** An error whose message is meant for the caller; the error handler answers it as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra answer headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** Fields answered beside `message`, for a refusal a client acts on (a stale version's current one). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
