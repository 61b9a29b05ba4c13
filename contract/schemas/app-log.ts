import { z } from 'zod';
import { dateTimeSchema, jsonObjectSchema } from './common';
import { logLevelNameSchema, logLevelSchema } from './log-level-schemas';
import type { LogLevel } from './log-levels';

export * from './log-levels';
export * from './log-level-schemas';

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

/**
 * Our extension (issue 42): the most bytes of a page's JSON answer. A page stops before the entry
 * that would take it past this (it always holds one entry), and then says so in the
 * LOG_PAGE_CUT_HEADER header; the next page goes on from its last entry, as after any page.
 */
export const LOG_PAGE_BYTES_MAX = 8 * 1024 * 1024;
export const LOG_PAGE_CUT_HEADER = 'log-page-cut';

/**
 * Our extension (issue 41, decision 076): a page or a volume with `where`/`where_not` (and no
 * `q`) reads at most the newest LOG_FIELD_SCAN_ROWS entries of its range (the oldest with
 * `since`). A page that found fewer than `limit` entries there names, in the
 * LOG_SCANNED_UNTIL_HEADER header, the time (float epoch seconds) where its reading stopped: ask
 * again with `before` (newest first) or `since` (with `since`) set to it for the entries past it.
 */
export const LOG_FIELD_SCAN_ROWS = 10_000;
export const LOG_SCANNED_UNTIL_HEADER = 'log-scanned-until';

/**
 * Longest `context.job.name` ingestion takes (issue 42); a longer one, or one with NUL (which
 * PostgreSQL text cannot hold), is a 422 on it. The job filter, its suggestions and the job
 * index read the name, so it is bounded like every other name the service keeps.
 */
export const LOG_JOB_NAME_MAX = 200;

/** The problem with an entry's job name, or null: none, or not a string (then it names no job). */
export function jobNameProblem(context: Record<string, unknown> | null | undefined): string | null {
  const job = context?.job;
  if (job === null || typeof job !== 'object' || Array.isArray(job)) return null;
  const name = (job as Record<string, unknown>).name;
  if (typeof name !== 'string') return null;
  if (name.length > LOG_JOB_NAME_MAX) {
    return `A job name may be at most ${String(LOG_JOB_NAME_MAX)} characters long`;
  }
  return name.includes('\u0000') ? 'A job name must not contain the NUL character (U+0000)' : null;
}

/** One entry of `POST /apps/{app_id}/logs` (ingestion). */
export const logIngestEntrySchema = z.object({
  level: logLevelNameSchema,
  data: logDataSchema,
  context: jsonObjectSchema.nullish().superRefine((context, ctx) => {
    const problem = jobNameProblem(context);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['job', 'name'] });
  }),
  created_at: dateTimeSchema.optional(),
});
export const logIngestBodySchema = z.object({
  logs: z
    .array(logIngestEntrySchema)
    .min(1, 'At least one entry')
    .max(1000, 'At most 1000 entries'),
});
export type LogIngestBody = z.infer<typeof logIngestBodySchema>;
