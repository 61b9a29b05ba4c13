import { z } from 'zod';
import { logLevelSchema } from './app-log';

/** Buckets of `GET /apps/{app_id}/logs/volume` (our extension) without `buckets`, and the most. */
export const LOG_VOLUME_BUCKETS_DEFAULT = 60;
export const LOG_VOLUME_BUCKETS_MAX = 240;

/** Entries per level in one bucket: every level is there, 0 when none. */
export const logVolumeCountsSchema = z.record(logLevelSchema, z.number().int().nonnegative());
export type LogVolumeCounts = z.infer<typeof logVolumeCountsSchema>;

/**
 * Counts of an app's entries per time bucket, stacked by level, for the log query's filters.
 * The range [since, before) is cut into equal buckets; `start` is a bucket's first second (the
 * last bucket ends at `before`). Times are float epoch seconds, as entries' `time`.
 */
export const logVolumeSchema = z.object({
  since: z.number(),
  before: z.number(),
  bucket_seconds: z.number().positive(),
  buckets: z.array(z.object({ start: z.number(), counts: logVolumeCountsSchema })),
  /**
   * Our extension (decision 076): with `where`/`where_not` (and no `q`) only the newest
   * LOG_FIELD_SCAN_ROWS entries of the range are counted, in whole buckets: the buckets that
   * start before this time (float epoch seconds) were not counted and hold 0. Absent: all counted.
   */
  counted_since: z.number().optional(),
});
export type LogVolume = z.infer<typeof logVolumeSchema>;

/** Query of the volume route, as the client builds it. */
export interface LogVolumeQuery {
  since?: number | string;
  before?: number | string;
  level?: string;
  q?: string;
  job?: string;
  job_match?: 'prefix' | 'contains';
  buckets?: number;
  where?: readonly string[];
  where_not?: readonly string[];
}
