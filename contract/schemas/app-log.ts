import { z } from 'zod';
import { dateTimeSchema, jsonObjectSchema } from './common';
import { logLevelNameSchema, logLevelSchema, type LogLevel } from './log-levels';

export * from './log-levels';

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

/** Query of `GET /apps/{app_id}/logs`, as the client builds it. */
export interface AppLogQuery {
  since?: number | string;
  before?: number | string;
  level?: LogLevel;
  q?: string;
  job?: string;
  /** Our extension (decision 052): `prefix` or `contains`; absent is exact. */
  job_match?: 'prefix' | 'contains';
  limit?: number;
  /** Our extension: with `since`, wait up to this many seconds for an entry newer than it. */
  wait?: number;
  /** Our extension (decision 055): `key:value` exact field conditions to keep, to exclude. */
  where?: readonly string[];
  where_not?: readonly string[];
}

export const LOG_LIMIT_DEFAULT = 100;
export const LOG_LIMIT_MAX = 200;
/** Longest `wait` of a follow request (seconds); more is a 400. */
export const LOG_WAIT_MAX_SECONDS = 30;
/** Without `since`, `q` scans this window before `before` (or now). */
export const LOG_SEARCH_WINDOW_SECONDS = 24 * 60 * 60;
/** Longest `q` (characters) and most different words and phrases in it: a 400 above. */
export const LOG_SEARCH_MAX_LENGTH = 256;
export const LOG_SEARCH_MAX_TERMS = 16;

/** One entry of `POST /apps/{app_id}/logs` (ingestion). */
export const logIngestEntrySchema = z.object({
  level: logLevelNameSchema,
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
