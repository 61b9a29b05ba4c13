/**
 * The one error path of the service: every failure, on every route, becomes the spec's Error
 * body (`src/api/schemas/error.ts`): `{ message, code: <HTTP status>, errors: ErrorDetail[] }`.
 *
 * For route authors (the log routes use this too):
 * - throw `notFound('app')`, `validation([...])`, `badRequest(field, message)`,
 *   `preconditionFailed()`, `unauthorized()`, `forbidden()`, `tooManyRequests(seconds)`;
 * - build field errors with `fieldError({ resource, field, message, code, value })`;
 *   `field` is the body field name (`install_scopes`, `install_scopes.2`,
 *   `privacy_policy_url.nl`), `resource` the resource name (`app`, `consent`, `notification`,
 *   `log`), `code` a short machine code (`invalid`, `required`, `unknown_field`, ...);
 * - request schemas are validated by `validatorCompiler` below: a body that fails its zod schema
 *   is a 422 with one detail per field; a bad query, path parameter or header is a 400. The
 *   `resource` of those details comes from the route's `config: { resource: 'app' }`.
 * - `registerErrorHandling(app)` installs the handler; `buildApp` calls it once.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import type { ErrorBody, ErrorDetail } from '../src/api/schemas/error';
import { SearchBudgetExhausted } from './logs/search-budget-exhausted';
import { isDatabaseUnavailable } from './store/database-unavailable';
import { isDatabaseBusy } from './store/sqlite-write-lock';

/** A busy database is usually free again within a second (writes take milliseconds). */
const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;
/** A restarting PostgreSQL server is usually back within seconds (a fast restart takes one or two). */
const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** A failure a route throws on purpose; the handler turns it into the Error body. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    details: ErrorDetail[] = [],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.details = details;
    this.headers = headers;
  }
}

export interface FieldErrorInput {
  resource: string;
  field: string;
  message: string;
  code?: string;
  value?: unknown;
  /** Further messages on the same field (the first is `message`). */
  more?: Array<{ message: string; code: string }>;
}

/** One detail of the Error body; `messages`/`codes` repeat `message`/`code` first. */
export function fieldError(input: FieldErrorInput): ErrorDetail {
  const code = input.code ?? 'invalid';
  const more = input.more ?? [];
  return {
    resource: input.resource,
    field: input.field,
    message: input.message,
    code,
    messages: [input.message, ...more.map((item) => item.message)],
    codes: [code, ...more.map((item) => item.code)],
    value: input.value === undefined ? null : input.value,
  };
}

/** Most problems one Error body lists; the message says how many there were. */
export const MAX_ERROR_DETAILS = 50;
/** Longest echo of a sent value (as JSON text) in an error; longer ones are cut. */
export const MAX_ECHOED_VALUE_CHARS = 200;

export function errorBody(status: number, message: string, errors: ErrorDetail[] = []): ErrorBody {
  return { message, code: status, errors };
}

/** Longest field name, message and list of messages/codes one detail carries. */
const MAX_FIELD_CHARS = 200;
const MAX_MESSAGE_CHARS = 300;
const MAX_MESSAGES_PER_FIELD = 10;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A sent value as it is when short; else its first characters (of its JSON when not text). */
function echoOf(value: unknown): unknown {
  if (typeof value === 'string') return cut(value, MAX_ECHOED_VALUE_CHARS);
  const json: string | undefined = JSON.stringify(value);
  // JSON.stringify answers undefined for undefined, functions and symbols, whatever its type says.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  return json === undefined || json.length <= MAX_ECHOED_VALUE_CHARS
    ? value
    : cut(json, MAX_ECHOED_VALUE_CHARS);
}

/**
 * The Error body as sent: at most MAX_ERROR_DETAILS details, each with bounded field, messages
 * and echoed value. A 1 MiB body of 120,000 unknown keys once answered 19 MB of errors.
 */
export function boundedErrorBody(body: ErrorBody, total = body.errors.length): ErrorBody {
  const message =
    total > MAX_ERROR_DETAILS
      ? `${body.message} (the first ${MAX_ERROR_DETAILS} of ${total} problems are listed)`
      : body.message;
  const errors = body.errors.slice(0, MAX_ERROR_DETAILS).map((detail) => ({
    ...detail,
    field: cut(detail.field, MAX_FIELD_CHARS),
    message: cut(detail.message, MAX_MESSAGE_CHARS),
    messages: detail.messages
      .slice(0, MAX_MESSAGES_PER_FIELD)
      .map((text) => cut(text, MAX_MESSAGE_CHARS)),
    codes: detail.codes.slice(0, MAX_MESSAGES_PER_FIELD),
    value: echoOf(detail.value),
  }));
  return { ...body, message, errors };
}

export function notFound(resource: string, message?: string): HttpError {
  const name = resource.charAt(0).toUpperCase() + resource.slice(1);
  return new HttpError(404, message ?? `${name} not found`);
}

/** 422: the request was understood but some fields are not valid. */
export function validation(details: ErrorDetail[], message = 'Validation failed'): HttpError {
  return new HttpError(422, message, details);
}

/** 400 about one field of the request (a header, a query parameter). */
export function badRequest(
  field: string,
  message: string,
  options: { resource?: string; code?: string; value?: unknown } = {},
): HttpError {
  return new HttpError(400, message, [
    fieldError({
      resource: options.resource ?? 'request',
      field,
      message,
      code: options.code ?? 'invalid',
      value: options.value,
    }),
  ]);
}

export function preconditionFailed(resource?: string): HttpError {
  return new HttpError(
    412,
    `The ${resource ?? 'resource'} was changed since it was read (If-Match does not match)`,
  );
}

export function unauthorized(message = 'A valid token is required'): HttpError {
  return new HttpError(401, message, [], { 'WWW-Authenticate': 'Bearer' });
}

export function forbidden(message = 'No access to this site'): HttpError {
  return new HttpError(403, message);
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = 'Too many failed authentications; try again later',
): HttpError {
  return new HttpError(429, message, [], {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Where a failing schema was applied. Fastify names it `validationContext`. */
type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

/** Carries the zod issues and the input, so details can name fields and values exactly. */
export class RequestValidationError extends Error {
  readonly issues: readonly $ZodIssue[];
  readonly input: unknown;
  statusCode = 400;
  validationContext?: ValidationContext;

  constructor(issues: readonly $ZodIssue[], input: unknown) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
    this.issues = issues;
    this.input = input;
  }
}

/**
 * Validates requests with the route's zod schemas (like fastify-type-provider-zod's compiler)
 * but keeps the raw issues and input for `issuesToDetails`.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, data) };
  };

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key as string];
  }
  return current;
}

function show(value: unknown): string {
  const text: string | undefined = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  // As above: undefined, functions and symbols have no JSON.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

interface IssueDetail {
  field: string;
  message: string;
  code: string;
  value: unknown;
}

function describeIssue(issue: $ZodIssue, input: unknown): IssueDetail[] {
  const path = issue.path.map(String);
  const value = valueAt(input, issue.path);
  const field = path.join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      // Only as many as an Error body lists (problemCount counts them all).
      return issue.keys.slice(0, MAX_ERROR_DETAILS).map((key) => ({
        field: [...path, key].join('.'),
        message: `Unknown field "${key}"`,
        code: 'unknown_field',
        value: valueAt(input, [...issue.path, key]),
      }));
    case 'invalid_value':
      return [
        {
          field,
          message: `${show(value)} is not allowed; expected one of: ${issue.values.map(String).join(', ')}`,
          code: 'invalid',
          value,
        },
      ];
    case 'invalid_type':
      if (path.length === 0) {
        return [
          { field: '', message: `Expected a JSON ${issue.expected}`, code: 'invalid_type', value },
        ];
      }
      if (value === undefined) {
        return [{ field, message: 'This field is required', code: 'required', value: null }];
      }
      return [
        {
          field,
          message: `Expected ${issue.expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`,
          code: 'invalid_type',
          value,
        },
      ];
    case 'too_small':
      if (issue.origin === 'string' && value === '') {
        return [{ field, message: issue.message, code: 'required', value }];
      }
      return [{ field, message: issue.message, code: 'too_small', value }];
    case 'too_big':
      return [{ field, message: issue.message, code: 'too_big', value }];
    case 'invalid_key':
      return [
        {
          field,
          message: `Invalid key ${show(path[path.length - 1])}: ${issue.issues[0]?.message ?? issue.message}`,
          code: 'invalid_key',
          value,
        },
      ];
    default:
      return [{ field, message: issue.message, code: 'invalid', value }];
  }
}

/** Zod issues → Error details, one per field (several problems of a field are grouped). */
export function issuesToDetails(
  issues: readonly $ZodIssue[],
  input: unknown,
  resource: string,
): ErrorDetail[] {
  const byField = new Map<string, IssueDetail[]>();
  for (const issue of issues) {
    for (const detail of describeIssue(issue, input)) {
      const list = byField.get(detail.field) ?? [];
      list.push(detail);
      byField.set(detail.field, list);
    }
  }
  return [...byField.values()].map((list) => {
    const [first, ...rest] = list as [IssueDetail, ...IssueDetail[]];
    return fieldError({
      resource,
      field: first.field,
      message: first.message,
      code: first.code,
      value: first.value,
      more: rest.map((item) => ({ message: item.message, code: item.code })),
    });
  });
}

/** How many problems zod found: each unknown key is one. */
function problemCount(issues: readonly $ZodIssue[]): number {
  let count = 0;
  for (const issue of issues) count += issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
  return count;
}

/** The resource name a route declares in `config.resource` (defaults to `request`). */
export function routeResource(request: FastifyRequest): string {
  const config: { resource?: unknown } = request.routeOptions.config;
  return typeof config.resource === 'string' ? config.resource : 'request';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Name used as `errors[].resource` for this route's validation errors. */
    resource?: string;
  }
}

const CONTEXT_FIELD: Record<ValidationContext, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

interface ErrorReply {
  body: ErrorBody;
  headers?: Record<string, string>;
  /** Problems found, when more than `body.errors` holds. */
  problems?: number;
}

/** `resource`: what the route's validation errors name (`routeResource`). */
function toReply(error: unknown, resource: string): ErrorReply {
  if (error instanceof HttpError) {
    return {
      body: errorBody(error.statusCode, error.message, error.details),
      headers: error.headers,
    };
  }
  if (error instanceof RequestValidationError) {
    const context = error.validationContext ?? 'body';
    const details = issuesToDetails(error.issues, error.input, resource);
    const problems = Math.max(details.length, problemCount(error.issues));
    if (context === 'body') {
      // Invalid values in a body are 422 (Unprocessable Entity); invalid parameters are 400.
      return { body: errorBody(422, 'Validation failed', details), problems };
    }
    return {
      body: errorBody(400, `Invalid ${CONTEXT_FIELD[context]} parameter`, details),
      problems,
    };
  }
  if (error instanceof SearchBudgetExhausted) {
    const detail = { resource: 'log', field: 'q', code: 'too_slow', value: null };
    return {
      body: errorBody(400, error.message, [fieldError({ ...detail, message: error.message })]),
    };
  }
  if (isDatabaseBusy(error)) {
    // Another process held the SQLite file's write lock past the wait; the write was rolled back.
    return {
      body: errorBody(
        503,
        'The database is busy with another writer; nothing was changed. Try again',
      ),
      headers: { 'Retry-After': String(DATABASE_BUSY_RETRY_AFTER_SECONDS) },
    };
  }
  if (isDatabaseUnavailable(error)) {
    // The server restarted or is away (decision 041). A write whose commit was under way may
    // or may not have been stored: the client retries as after a lost connection.
    return {
      body: errorBody(
        503,
        'The database is unavailable for the moment (restarting or busy); try again',
      ),
      headers: { 'Retry-After': String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The body is not valid JSON'
        : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The body is larger than 1 MiB'
          : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'The body must be JSON (Content-Type: application/json)'
            : fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH'
              ? 'A part of the path is longer than 100 characters'
              : fastifyError.code === 'FST_ERR_BAD_URL'
                ? 'The path is not validly percent-encoded'
                : (fastifyError.message ?? 'Bad request');
    return { body: errorBody(status, message) };
  }
  return { body: errorBody(500, 'Internal server error') };
}

/**
 * The Error body (bounded) and headers for any thrown value. `logFailure` hears of 5xx, which are
 * logged, never shown (no stack, no SQL).
 */
export function errorAnswer(
  error: unknown,
  resource: string,
  logFailure: (failure: unknown, message: string) => void,
): { body: ErrorBody; headers: Record<string, string> } {
  let answer: ErrorReply;
  try {
    answer = toReply(error, resource);
    answer.body = boundedErrorBody(answer.body, answer.problems);
  } catch (failure) {
    // The handler itself failed (it must not, but then: still the Error body, never `{}`).
    logFailure(failure, 'error handler failed');
    answer = { body: errorBody(500, 'Internal server error') };
  }
  if (answer.body.code >= 500) logFailure(error, 'request failed');
  return { body: answer.body, headers: answer.headers ?? {} };
}

/** Sends the Error body for any thrown value (`errorAnswer`). */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { body, headers } = errorAnswer(error, routeResource(request), (failure, message) => {
    request.log.error({ err: failure }, message);
  });
  return reply.headers(headers).code(body.code).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}
