/**
 * The errors a route throws on purpose and the Error body they become
 * (`contract/schemas/error.ts`): `{ message, code: <HTTP status>, errors: ErrorDetail[] }`, with
 * every body bounded in size before it is sent. No Fastify here: the store and the log wing throw
 * these too.
 */
import type { ErrorBody, ErrorDetail } from '../../../contract/schemas/error';

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
