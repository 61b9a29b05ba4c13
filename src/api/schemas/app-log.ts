import { z } from 'zod';
import { dateTimeSchema, jsonObjectSchema } from './common';

/** Severities in ascending order; `level` filters are a minimum on this order. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal', 'unknown'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

/**
 * A level's place in LOG_LEVELS (debug = 0 … unknown = 5): the one rank the `level` minimum, the
 * store's `level` column and the dashboard's simulated server all compare.
 */
export function logLevelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/** The level a name means, in any case (`warning` for `warn`), or null for any other name. */
export function logLevelNamed(name: string): LogLevel | null {
  const lower = name.toLowerCase();
  const wanted = lower === 'warning' ? 'warn' : lower;
  return LOG_LEVELS.find((level) => level === wanted) ?? null;
}

/** Any casing, and anything unrecognised, becomes one of LOG_LEVELS. */
export function normalizeLogLevel(value: unknown): LogLevel {
  return (typeof value === 'string' ? logLevelNamed(value) : null) ?? 'unknown';
}

export const logDataSchema = z.union([jsonObjectSchema, z.string()]);

/** An app log entry as the service emits it (spec 2.2). */
export const appLogEntrySchema = z.object({
  id: z.string(),
  level: logLevelSchema,
  data: logDataSchema,
  context: jsonObjectSchema.nullable(),
  created_at: dateTimeSchema,
  time: z.number(),
});
export type AppLogEntry = z.infer<typeof appLogEntrySchema>;

/**
 * What the dashboard accepts from any server: level in any case, `data` an object or a
 * string, `context` null or missing, unknown fields kept.
 */
export const appLogEntryWireSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  level: z.unknown().transform(normalizeLogLevel),
  data: z
    .unknown()
    .transform((value) =>
      typeof value === 'string' ||
      (typeof value === 'object' && value !== null && !Array.isArray(value))
        ? (value as string | Record<string, unknown>)
        : JSON.stringify(value ?? null),
    ),
  context: jsonObjectSchema.nullish().transform((value) => value ?? null),
  created_at: z.string().optional(),
  time: z.number(),
});
export const appLogListWireSchema = z.array(appLogEntryWireSchema);

/** A time bound of the log query: float epoch seconds, or an ISO 8601 string. */
export const timeBoundSchema = z.union([z.number(), z.string()]);

/** Query of `GET /apps/{app_id}/logs`, as the client builds it. */
export interface AppLogQuery {
  since?: number | string;
  before?: number | string;
  level?: LogLevel;
  q?: string;
  job?: string;
  limit?: number;
}

export const LOG_LIMIT_DEFAULT = 100;
export const LOG_LIMIT_MAX = 200;
/** Without `since`, `q` scans this window before `before` (or now). */
export const LOG_SEARCH_WINDOW_SECONDS = 24 * 60 * 60;
/** Longest `q` (characters) and most different words and phrases in it: a 400 above. */
export const LOG_SEARCH_MAX_LENGTH = 256;
export const LOG_SEARCH_MAX_TERMS = 16;

/** One entry of `POST /apps/{app_id}/logs` (ingestion). */
export const logIngestEntrySchema = z.object({
  level: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), logLevelSchema),
  data: logDataSchema,
  context: jsonObjectSchema.nullish(),
  created_at: dateTimeSchema.optional(),
});
export const logIngestBodySchema = z.object({
  logs: z
    .array(logIngestEntrySchema)
    .min(1, 'At least one entry')
    .max(1000, 'At most 1000 entries'),
});
export type LogIngestBody = z.infer<typeof logIngestBodySchema>;
