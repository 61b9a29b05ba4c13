// Any zod schema, classic or mini (the entry's are mini, for the bundle budget): parsed through
// zod/mini's safeParse, which both kinds accept.
import * as z from 'zod/mini';
import type { ErrorBody, ErrorDetail } from '../../contract/schemas/error';
import { readErrorBody } from '../../contract/wire/error';

/** Where the dashboard talks to and as whom. */
export interface Connection {
  /** Base URL of the API, e.g. `https://console.example.com/api`, without a trailing slash. */
  baseUrl: string;
  token: string;
  site: string;
}

/** Any non-2xx answer, or a network failure (status 0), or a response that fails validation. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** What failed: the server answered non-2xx, the network failed, or the answer was malformed. */
  readonly kind: 'http' | 'network' | 'invalid-response';

  constructor(status: number, body: ErrorBody, kind: ApiError['kind'] = 'http') {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
  }

  get fieldErrors(): ErrorDetail[] {
    return this.body.errors;
  }

  /** Someone else changed the resource since it was loaded (`If-Match` failed). */
  get isConflict(): boolean {
    return this.status === 412;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** GETs are retried on these; writes never retry by themselves. */
export function isRetryableError(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.status >= 500);
}

function syntheticBody(status: number, message: string): ErrorBody {
  return { message, code: status, errors: [] };
}

/** A list is a repeated parameter (`where=a&where=b`). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions<S extends z.core.$ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base URL, e.g. `/apps/shop`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Schema of the success body; every response is validated. */
  schema: S;
  /** ETag the write is based on; a mismatch is answered 412. */
  ifMatch?: string | null;
  signal?: AbortSignal;
  /** Use this connection instead of the configured one (e.g. to test one before storing it). */
  connection?: Connection;
  /** The body is text, not JSON (a CSV export): `schema` parses the text itself. */
  text?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  etag: string | null;
  /** The answer's headers (absent where a response is made up, as in a test's fake client). */
  headers?: Headers;
}

export interface ApiClientConfig {
  getConnection: () => Connection | null;
  fetch?: typeof fetch;
  /** Called once per 401 so the shell can return to sign-in. */
  onUnauthorized?: (error: ApiError) => void;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not understood',
  401: 'The token was not accepted',
  403: 'No access to this site',
  404: 'Not found',
  412: 'Someone else changed this since you loaded it',
  413: 'The request is too large',
  422: 'Some fields are not valid',
  429: 'Too many attempts; wait a minute',
  500: 'The server failed (500)',
  502: 'The API is not reachable behind its gateway (502 Bad Gateway)',
  503: 'The API is unavailable for now (503)',
  504: 'The API did not answer its gateway in time (504)',
};

export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, QueryValue>,
): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') for (const item of value) params.append(name, item);
    else params.append(name, String(value));
  }
  const search = params.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

export interface ApiClient {
  request<S extends z.core.$ZodType>(options: RequestOptions<S>): Promise<ApiResponse<z.output<S>>>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  async function request<S extends z.core.$ZodType>(
    options: RequestOptions<S>,
  ): Promise<ApiResponse<z.output<S>>> {
    const connection = options.connection ?? config.getConnection();
    if (!connection) {
      throw new ApiError(401, syntheticBody(401, 'Not signed in'));
    }
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${connection.token}`,
      'X-Service-Site': connection.site,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.ifMatch) headers['If-Match'] = options.ifMatch;

    const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(buildUrl(connection.baseUrl, options.path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError(
        0,
        syntheticBody(0, `Could not reach the server at ${connection.baseUrl}`),
        'network',
      );
    }

    const text = await response.text();

    if (!response.ok) {
      const fallback = STATUS_MESSAGES[response.status] ?? `The server answered ${response.status}`;
      const error = new ApiError(response.status, readErrorBody(response.status, text, fallback));
      if (response.status === 401) config.onUnauthorized?.(error);
      throw error;
    }

    let payload: unknown = options.text ? text : undefined;
    if (text !== '' && !options.text) {
      try {
        payload = JSON.parse(text);
      } catch {
        throw new ApiError(
          response.status,
          syntheticBody(response.status, 'The server answered with something other than JSON'),
          'invalid-response',
        );
      }
    }
    const parsed = z.safeParse(options.schema, payload);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new ApiError(
        response.status,
        syntheticBody(response.status, `The server's answer has an unexpected shape (${where})`),
        'invalid-response',
      );
    }
    return { data: parsed.data, etag: response.headers.get('ETag'), headers: response.headers };
  }

  return { request };
}

let configured: ApiClientConfig = { getConnection: () => null };

/** The shell points the shared client at the stored connection once, at start. */
export function configureApiClient(config: ApiClientConfig): void {
  configured = config;
}

/** The client every resource module uses. */
export const apiClient: ApiClient = createApiClient({
  getConnection: () => configured.getConnection(),
  fetch: (...args) => (configured.fetch ?? globalThis.fetch.bind(globalThis))(...args),
  onUnauthorized: (error) => configured.onUnauthorized?.(error),
});

/** The site the shared client sends requests for, or null before sign-in. */
export function connectedSite(): string | null {
  return configured.getConnection()?.site ?? null;
}
