/**
 * The ingestion body's fast path: `POST /apps/:app_id/logs` checks its body with plain code first
 * and runs the zod schema (`logIngestBodySchema`) only when that code cannot accept it, so that
 * every refusal still comes from zod with the same Error body. Zod's walk of 500 entries (a parse
 * per field, a copy of every object) was a tenth of the service's time per ingested batch
 * (BENCHMARKS.md, "Faster ingestion").
 *
 * `acceptIngestBody` answers what zod's parse answers, or undefined: the property test
 * (log-ingest-body.test.ts) holds it to the schema on generated valid and invalid bodies (accepted
 * exactly when zod accepts, with an equal value).
 */
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import {
  logLevelNamed,
  type LogIngestBody,
  type LogLevel,
} from '../../../contract/schemas/app-log';
import { dateTimeSchema } from '../../../contract/schemas/common';
import { validatorCompiler } from '../../http/errors';

type Entry = LogIngestBody['logs'][number];
type JsonRecord = Record<string, unknown>;

/** Entries in one batch: the schema's bounds. */
const MIN_ENTRIES = 1;
const MAX_ENTRIES = 1000;

/** A JSON object as zod's `z.object` and `z.record` take it (not null, not an array). */
function isObject(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON object that `z.record(z.string(), z.unknown())` copies unchanged. It leaves out an own
 * `__proto__` key (the body parser refuses those anyway): such an object goes to zod.
 */
function isPlainRecord(value: unknown): value is JsonRecord {
  return isObject(value) && !Object.hasOwn(value, '__proto__');
}

function entryOf(value: unknown): Entry | undefined {
  if (!isObject(value)) return undefined;
  const { level: levelName, data, context, created_at: createdAt } = value;
  const level: LogLevel | null = typeof levelName === 'string' ? logLevelNamed(levelName) : null;
  if (level === null) return undefined;
  if (typeof data !== 'string' && !isPlainRecord(data)) return undefined;
  const entry: Entry = { level, data };
  if (context === null || isPlainRecord(context)) entry.context = context;
  else if (context !== undefined) return undefined;
  if (typeof createdAt === 'string' && safeParse(dateTimeSchema, createdAt).success) {
    entry.created_at = createdAt;
  } else if (createdAt !== undefined) return undefined;
  return entry;
}

/** The parsed body when it is valid, as zod would answer it; undefined: let zod decide. */
export function acceptIngestBody(body: unknown): LogIngestBody | undefined {
  if (!isObject(body)) return undefined;
  const { logs } = body;
  if (!Array.isArray(logs) || logs.length < MIN_ENTRIES || logs.length > MAX_ENTRIES) {
    return undefined;
  }
  const entries: Entry[] = [];
  for (const item of logs) {
    const entry = entryOf(item);
    if (entry === undefined) return undefined;
    entries.push(entry);
  }
  return { logs: entries };
}

/**
 * The ingestion route's validator: the body through `acceptIngestBody`, falling back to the
 * service's zod validator (errors.ts) for what it does not accept; other parts as usual.
 */
export const ingestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const zodValidator = validatorCompiler(route);
  if (route.httpPart !== 'body') return zodValidator;
  return (data) => {
    const value = acceptIngestBody(data);
    return value === undefined ? zodValidator(data) : { value };
  };
};
