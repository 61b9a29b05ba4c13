/**
 * The one error handler: whatever a request throws (an `HttpError`, a failed validation, a domain
 * error of the store, a Fastify framework error or a bug) is answered with the spec's Error body.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../../contract/schemas/error';
import { boundedErrorBody, errorBody, HttpError } from './http-errors';
import { DOMAIN_ERRORS } from './domain-errors';
import { RequestValidationError, routeResource, validationFailure } from './validation-details';

interface ErrorReply {
  body: ErrorBody;
  headers?: Record<string, string>;
  /** Problems found, when more than `body.errors` holds. */
  problems?: number;
}

/** Fastify's own 4xx failures (bad JSON, a body too large, ...) in the service's words. */
const FRAMEWORK_MESSAGES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
    FST_ERR_CTP_BODY_TOO_LARGE: 'The body is larger than 1 MiB',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The body must be JSON (Content-Type: application/json)',
    FST_ERR_MAX_PARAM_LENGTH: 'A part of the path is longer than 100 characters',
    FST_ERR_BAD_URL: 'The path is not validly percent-encoded',
  }),
);

/** `resource`: what the route's validation errors name (`routeResource`). */
function toReply(error: unknown, resource: string): ErrorReply {
  if (error instanceof HttpError) {
    return {
      body: errorBody(error.statusCode, error.message, error.details),
      headers: error.headers,
    };
  }
  if (error instanceof RequestValidationError) return validationFailure(error, resource);
  const domain = DOMAIN_ERRORS.find((candidate) => candidate.matches(error));
  if (domain) {
    return {
      body: errorBody(
        domain.status,
        typeof domain.message === 'string' ? domain.message : domain.message(error as Error),
        domain.details?.(error as Error) ?? [],
      ),
      headers:
        domain.retryAfterSeconds === undefined
          ? {}
          : { 'Retry-After': String(domain.retryAfterSeconds) },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A Map, not an object: a code such as `constructor` must not find Object's own members.
    const known = FRAMEWORK_MESSAGES.get(fastifyError.code ?? '');
    return { body: errorBody(status, known ?? fastifyError.message ?? 'Bad request') };
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
