/**
 * The contract of finding in an app's log (issue 30, decision 052): the `job_match` mode of the
 * log, tail and volume queries, the job suggestions of `GET /apps/{app_id}/logs/jobs` and the
 * neighbours of `GET /apps/{app_id}/logs/{id}/context`. Our extensions; `job` alone is exact, as
 * the spec has it.
 */
import { z } from 'zod';
import { appLogEntrySchema } from './app-log';

/** How `job` matches `context.job.name`: exact (default, case-sensitive) or, ignoring case, a prefix or a part. */
export const LOG_JOB_MATCHES = ['exact', 'prefix', 'contains'] as const;
export const logJobMatchSchema = z.enum(LOG_JOB_MATCHES);
export type LogJobMatch = z.infer<typeof logJobMatchSchema>;

/** Most different job names of an app the service looks through per request. */
export const LOG_JOB_SCAN_MAX = 1000;
/** `limit` of the job suggestions: default and maximum. */
export const LOG_JOBS_LIMIT_DEFAULT = 20;
export const LOG_JOBS_LIMIT_MAX = 100;

/** One suggested job name. */
export const logJobSchema = z.object({
  name: z.string(),
  /** `time` (epoch seconds) of the newest entry of the job, null when the log has none. */
  last_seen: z.number().nullable(),
  /** Whether the app's definition names it (`jobs`). */
  defined: z.boolean(),
});
export type LogJob = z.infer<typeof logJobSchema>;

export const logJobsSchema = z.object({
  jobs: z.array(logJobSchema),
  /** More names matched than `limit`, or the app has more names than the service looks through. */
  truncated: z.boolean(),
});
export type LogJobs = z.infer<typeof logJobsSchema>;

/** `before` and `after` of the context route: default and maximum. */
export const LOG_CONTEXT_DEFAULT = 20;
export const LOG_CONTEXT_MAX = 200;
/**
 * Most bytes of neighbours' JSON one context answer holds (issue 42), half on each side: past it
 * the side stops at the entry before the one that would pass it, and says `has_more_*`.
 */
export const LOG_CONTEXT_BYTES_MAX = 8 * 1024 * 1024;

/** An entry and its neighbours in the app's whole log, in time order. */
export const logContextSchema = z.object({
  entry: appLogEntrySchema,
  /** Older entries, oldest first (the nearest last). */
  before: z.array(appLogEntrySchema),
  /** Newer entries, oldest first (the nearest first). */
  after: z.array(appLogEntrySchema),
  /** Whether there are older entries than `before` / newer than `after`. */
  has_more_before: z.boolean(),
  has_more_after: z.boolean(),
});
export type LogContext = z.infer<typeof logContextSchema>;
