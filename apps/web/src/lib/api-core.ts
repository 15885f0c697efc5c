import createClient, { type Client } from 'openapi-fetch';
import type { z } from 'zod';
import type { paths } from './api-types';

/**
 * The core both apps' API clients share (the portal's `lib/api-client.ts`, the students' app's
 * `learn/lib/api.ts`): one ApiError, one way to send a request and read its answer, and a typed
 * client whose paths, parameters and bodies come from the server's OpenAPI document
 * (`api-types.ts`, `npm run generate:api-types`). Each app passes what is its own as settings.
 */

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

export type ApiSettings = {
  /** Prefix of every path: the API's base URL. */
  baseUrl: string;
  /** The signed-in session's token, or null when signed out. */
  token: () => string | null;
  /** Headers of the app's own on one request (an `Idempotency-Key`), given its method. */
  addHeaders?: (method: string, headers: Headers) => void;
  /** An answer already on its way for a plain GET of `path` (the portal's read ahead). */
  takeAhead?: (path: string, token: string) => Promise<Response> | undefined;
  /** The error a request that never reached the server becomes; without it the fetch error is thrown. */
  unreachable?: (error: unknown) => Error;
  /** Sees every answer that arrives, whatever its status (the students' app reads the server's clock). */
  onAnswer?: (response: Response) => void;
  /**
   * A 401 answer: ends the session as the app does and answers the error to throw, or undefined to
   * treat it as any other refusal. `hadSession`: a token was sent.
   */
  onUnauthorized: (hadSession: boolean, body: unknown) => ApiError | undefined;
  /** The message of a refusal whose answer has none (a proxy's error page). */
  fallbackMessage: (status: number) => string;
};

export type RequestOptions = Omit<RequestInit, 'body'> & {
  /** A plain object is sent as JSON; FormData, a Blob or a string as they are. */
  body?: unknown;
  /** When set, any other success status is a failure too (a call where only 204 means success). */
  expectStatus?: number;
};

export type TypedClient = Client<paths>;

export type ApiCore = {
  /** Calls through the OpenAPI document's types: `read(client.GET('/courses/{id}', ...), schema)`. */
  client: TypedClient;
  /** One request by hand (a multipart form, a file): the same headers, errors and 401 handling. */
  send: (path: string, options?: RequestOptions) => Promise<Response>;
  /** `send`, then the answer's JSON checked against `schema` (undefined for an empty answer). */
  fetchJson: <T>(path: string, options?: RequestOptions, schema?: z.ZodType<T>) => Promise<T>;
};

/**
 * What openapi-fetch is given instead of the platform's Request: the URL and options as they are,
 * so `send` receives exactly what a call made by hand would (a FormData stays one, a relative URL
 * is fine) and tests that stub `fetch` see `(url, init)` as before.
 */
class PlainRequest {
  constructor(
    readonly url: string,
    readonly init: RequestInit & { headers: Headers },
  ) {}
  get method(): string {
    return this.init.method ?? 'GET';
  }
}

export function createApiCore(settings: ApiSettings): ApiCore {
  async function send(path: string, options: RequestOptions = {}): Promise<Response> {
    const token = settings.token();
    const headers = new Headers(options.headers);
    const plainHeaders = [...headers.keys()].length === 0;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const method = (options.method ?? 'GET').toUpperCase();
    settings.addHeaders?.(method, headers);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof Blob || typeof options.body === 'string') {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const { expectStatus, ...init } = options;
    const ask = () => fetch(`${settings.baseUrl}${path}`, { ...init, headers, body });
    const plainRead = method === 'GET' && body === undefined && plainHeaders;
    const ahead = plainRead && token ? settings.takeAhead?.(path, token) : undefined;
    let response: Response;
    try {
      response = ahead ? await ahead.catch(ask) : await ask();
    } catch (error) {
      throw settings.unreachable ? settings.unreachable(error) : error;
    }
    settings.onAnswer?.(response);
    if (response.status === 401) {
      const data = await readBody(response);
      const refused = settings.onUnauthorized(token !== null, data);
      if (refused) throw refused;
      throw new ApiError(401, messageOf(data, settings.fallbackMessage(401)), data);
    }
    if (!response.ok) {
      const data = await readBody(response);
      throw new ApiError(response.status, messageOf(data, settings.fallbackMessage(response.status)), data);
    }
    if (expectStatus !== undefined && response.status !== expectStatus)
      throw new ApiError(response.status, `Unexpected answer (${response.status}).`);
    return response;
  }

  async function fetchJson<T>(path: string, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
    const response = await send(path, options);
    if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
    const data: unknown = await response.json();
    return schema ? schema.parse(data) : (data as T);
  }

  const client = createClient<paths>({
    // openapi-fetch writes the path and query; `send` adds the base URL.
    baseUrl: '',
    Request: PlainRequest as unknown as typeof Request,
    fetch: (request) => {
      const { url, init } = request as unknown as PlainRequest;
      return send(url, { ...init, body: init.body ?? undefined });
    },
  });

  return { client, send, fetchJson };
}

/**
 * The answer of a typed call checked against the contract's schema: the generated types say what the
 * document promises at compile time, the schema checks what arrived (and turns dates and defaults
 * into what the app uses). Failures were thrown as ApiError before this runs.
 */
export async function read<D, S extends z.ZodType>(
  call: Promise<{ data?: D }>,
  schema: S & Answers<D, S>,
): Promise<z.output<S>> {
  const { data } = await call;
  return schema.parse(data);
}

/**
 * A compile-time check that the schema takes what the document says the call answers, so a field
 * renamed on the server fails the type check here rather than the parse at run time. Where the route
 * answers one of several shapes (a list: a page when asked with `limit`, else an array), the schema
 * must take one of them. A call cast to an unknown answer is not checked.
 */
type Answers<D, S extends z.ZodType> = unknown extends D
  ? unknown
  : true extends (D extends Widened<z.input<S>> ? true : false)
    ? unknown
    : { 'the schema does not take the answer the OpenAPI document gives': { answer: D; schemaTakes: z.input<S> } };

/** A file the API makes (an export): its bytes and the name the server gave it, if any. */
export type ApiFile = { blob: Blob; fileName: string | null };

/** The name in an answer's Content-Disposition, if any. */
export function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return name ? decodeURIComponent(name) : null;
}

/** A typed call for a file, made with `parseAs: 'blob'`: its bytes and the name the server gave it. */
export async function file(call: Promise<{ data?: Blob; response: Response }>): Promise<ApiFile> {
  const { data, response } = await call;
  return { blob: data ?? new Blob([]), fileName: fileNameOf(response) };
}

/**
 * A multipart form as a typed call's body. The document does not describe multipart bodies (the
 * routes read them part by part), so the path and parameters are checked and the form is not.
 */
export const formBody = (form: FormData): never => form as never;

/**
 * A typed call whose answer the app does not read (a delete, a 204). With `expectStatus`, any other
 * success status is a failure too (a call where only 204 means success).
 */
export async function done(call: Promise<{ response: Response }>, expectStatus?: number): Promise<void> {
  const { response } = await call;
  if (expectStatus !== undefined && response.status !== expectStatus)
    throw new ApiError(response.status, `Unexpected answer (${response.status}).`);
}

/** openapi-fetch hands answers over with tuples widened to arrays (a pen stroke's `[x, y]` points): so is the schema. */
type Widened<T> = T extends readonly (infer E)[]
  ? Widened<E>[]
  : T extends object
    ? { [K in keyof T]: Widened<T[K]> }
    : T;

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The `message` of an error answer's body, or `fallback`. */
export function messageOf(data: unknown, fallback: string): string {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}
