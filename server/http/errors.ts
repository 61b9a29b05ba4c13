/**
 * The one error path of the service: every failure, on every route, becomes the spec's Error
 * body (`contract/schemas/error.ts`): `{ message, code: <HTTP status>, errors: ErrorDetail[] }`.
 * This file is the path route authors import; the work is in `server/http/errors/`:
 * - `http-errors.ts`: the errors a route throws and the bounding of every Error body;
 * - `validation-details.ts`: the zod validator of requests and zod issues → Error details;
 * - `domain-errors.ts`: the store's failures that are no fault of the request (a busy or absent
 *   database), one row each;
 * - `error-handler.ts`: the handler that answers everything with the Error body.
 *
 * For route authors (the log routes use this too):
 * - throw `notFound('app')`, `validation([...])`, `badRequest(field, message)`,
 *   `preconditionFailed()`, `unauthorized()`, `forbidden()`, `tooManyRequests(seconds)`;
 * - build field errors with `fieldError({ resource, field, message, code, value })`;
 *   `field` is the body field name (`install_scopes`, `install_scopes.2`,
 *   `privacy_policy_url.nl`), `resource` the resource name (`app`, `consent`, `notification`,
 *   `log`), `code` a short machine code (`invalid`, `required`, `unknown_field`, ...);
 * - request schemas are validated by `validatorCompiler`: a body that fails its zod schema is a
 *   422 with one detail per field; a bad query, path parameter or header is a 400. The `resource`
 *   of those details comes from the route's `config: { resource: 'app' }`.
 * - `registerErrorHandling(app)` installs the handler; `buildApp` calls it once.
 */
export {
  badRequest,
  errorBody,
  fieldError,
  forbidden,
  HttpError,
  MAX_ECHOED_VALUE_CHARS,
  MAX_ERROR_DETAILS,
  notFound,
  preconditionFailed,
  tooManyRequests,
  unauthorized,
  validation,
} from './errors/http-errors';
export { validatorCompiler } from './errors/validation-details';
export { errorAnswer, registerErrorHandling, sendError } from './errors/error-handler';
