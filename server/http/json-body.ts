/**
 * The JSON body parser of every route: Fastify's own (prototype poisoning is an error), then a
 * bound on nesting. Everything after the parser (zod, JSON.stringify of log data, the error
 * handler echoing values) recurses over the value; a few thousand levels of `[` in an 8 kB body
 * overflowed the stack in three places. A deeper body is a 400 naming the limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, fieldError } from './errors';

/** Deepest accepted nesting of arrays and objects; `{}` is 1, log data sits at 4. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d;

/**
 * The index of the quote that ends the string opened at `start`: the next quote not escaped by an
 * odd run of backslashes. Found with `indexOf`, which is much faster than reading a string's
 * characters one by one (strings are most of a log batch: 6 ms of 126 per 1,000 entries were
 * this scan, docs/benchmarks-history.md).
 */
function stringEnd(json: string, start: number): number {
  for (let end = json.indexOf('"', start + 1); end !== -1; end = json.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (json.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
  return json.length;
}

/**
 * True when the JSON text nests arrays/objects deeper than `max`: one pass over the characters,
 * skipping strings (faster than walking the parsed value, and no stack to overflow).
 */
export function nestedDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < json.length; i += 1) {
    const char = json.charCodeAt(i);
    if (char === QUOTE) {
      i = stringEnd(json, i);
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

function tooDeep(): HttpError {
  const message = `The body is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
  return new HttpError(400, message, [
    fieldError({ resource: 'request', field: '', message, code: 'too_deep' }),
  ]);
}

/** Replaces the JSON parsers (`application/json`, `application/*+json`) with depth-checked ones. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const parser = (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ): void => {
    void parse(request, body, (error, value: unknown) => {
      if (error) done(error);
      // Valid JSON by now, so counting brackets outside strings is exact.
      else if (nestedDeeperThan(body, MAX_JSON_DEPTH)) done(tooDeep());
      else done(null, value);
    });
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
  app.addContentTypeParser(/^application\/[a-z0-9.+-]*\+json$/i, { parseAs: 'string' }, parser);
}
