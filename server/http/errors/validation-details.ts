/**
 * Request validation: the route's zod schemas check each request (`validatorCompiler`), and a
 * failure's zod issues become the Error body's details, one per field (`issuesToDetails`).
 */
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import type { ErrorBody, ErrorDetail } from '../../../contract/schemas/error';
import { errorBody, fieldError, MAX_ERROR_DETAILS } from './http-errors';

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

/**
 * The Error body of a failed validation, and how many problems were found (more than the body
 * may list). Invalid values in a body are 422 (Unprocessable Entity); invalid parameters are 400.
 */
export function validationFailure(
  error: RequestValidationError,
  resource: string,
): { body: ErrorBody; problems: number } {
  const context = error.validationContext ?? 'body';
  const details = issuesToDetails(error.issues, error.input, resource);
  const problems = Math.max(details.length, problemCount(error.issues));
  if (context === 'body') return { body: errorBody(422, 'Validation failed', details), problems };
  return { body: errorBody(400, `Invalid ${CONTEXT_FIELD[context]} parameter`, details), problems };
}
