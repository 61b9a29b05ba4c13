/** Small pieces the resource routes share. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/schemas/error';
import { SQLITE_BUSY_TIMEOUT_MS } from '../database/sqlite-write-lock';

/**
 * Read-only fields a client may send back from a GET (a GET-modify-write round trip): accepted
 * and ignored. Any field that is neither writable nor listed here is a 422 naming it.
 */
export function ignoredFields<const K extends string>(
  names: readonly K[],
): Record<K, z.ZodOptional<z.ZodUnknown>> {
  const shape = {} as Record<K, z.ZodOptional<z.ZodUnknown>>;
  for (const name of names) {
    shape[name] = z.unknown().optional().describe('Read-only: accepted and ignored');
  }
  return shape;
}

/** Error responses for the OpenAPI document. */
export function errorResponses<const S extends number>(
  statuses: readonly S[],
): Record<S, typeof errorBodySchema> {
  const out = {} as Record<S, typeof errorBodySchema>;
  for (const status of statuses) out[status] = errorBodySchema;
  return out;
}

/**
 * The 503 of a write that could not have the SQLite file's write lock in time (another process
 * held it; decision 031), of a database that is away (decision 041), or of a request that did not
 * have its turn in time (work-gate.ts): the Error body with `Retry-After`. Zod copies the metadata into the
 * JSON schema, where @fastify/swagger takes `description` and `headers` for the response.
 */
export const DATABASE_BUSY_RESPONSE = {
  503: errorBodySchema.meta({
    description:
      `The database write lock was held by another writer for ${String(SQLITE_BUSY_TIMEOUT_MS / 1000)} s ` +
      '(SQLite with another process on its file), the database is away (restarting), or too ' +
      "many of this token's or site's requests are being worked on. Try again after " +
      'Retry-After seconds.',
    headers: {
      'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait' },
    },
  }),
};

/**
 * Errors every authenticated, site-scoped route can answer (503: no turn in time, or the
 * database away; decision 041).
 */
export const AUTH_ERRORS = [400, 401, 403, 429, 500, 503] as const;
/** Errors of a write with a JSON body and `If-Match` (add 404 for a resource in the path). */
export const WRITE_ERRORS = [...AUTH_ERRORS, 412, 413, 415, 422] as const;

export const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('ETag of the version the change is based on; a mismatch is a 412'),
});

/** The API's base URL as the client reached it, for `url` fields. */
export function apiBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/api`;
}

/** Object keys in code-unit order at every depth, so key order never tells two values apart. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Whether two values have the same JSON text, object keys in any order (array order counts). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);
}
