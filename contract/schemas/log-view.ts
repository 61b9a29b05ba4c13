import { z } from 'zod';
import { LOG_SEARCH_MAX_LENGTH } from './app-log';
import { dateTimeSchema, textSchema } from './common';
import { logLevelSchema } from './log-levels';
import { fieldConditionsSchema, LOG_FIELD_CONDITIONS_MAX } from './log-field-condition';

/**
 * Saved log views (issue 30, decision 053): a name and a log query, per user per site, for one
 * app or for every app of the site (`app_id: null`). Personal: only their owner sees them, and
 * any member may save their own (a viewer too: a view changes no site configuration).
 * `GET /log-views?app_id=`, `POST /log-views` (201), `PUT /log-views/{id}` (If-Match, 412),
 * `DELETE /log-views/{id}` (204). A name is unique per user and site (409 on `name`).
 */
export const LOG_VIEW_NAME_MAX = 80;
/** How many views one user may keep on one site (every request is bounded). */
export const LOG_VIEWS_MAX_PER_USER = 100;
export const LOG_VIEW_JOB_MAX = 200;

/** The time ranges of the logs page: live, a relative window, or `custom` (since/before). */
export const LOG_VIEW_RANGES = ['live', '15m', '1h', '24h', '7d', 'custom'] as const;
export const JOB_MATCH_MODES = ['exact', 'prefix', 'contains'] as const;

export const logViewQuerySchema = z
  .object({
    q: textSchema()
      .max(LOG_SEARCH_MAX_LENGTH, `At most ${String(LOG_SEARCH_MAX_LENGTH)} characters`)
      .optional(),
    level: logLevelSchema.optional(),
    job: textSchema()
      .max(LOG_VIEW_JOB_MAX, `At most ${String(LOG_VIEW_JOB_MAX)} characters`)
      .optional(),
    /** How `job` matches, when the logs page offers a choice (exact when absent). */
    job_match: z.enum(JOB_MATCH_MODES).optional(),
    range: z.enum(LOG_VIEW_RANGES),
    /** `custom` only: ISO 8601 bounds (inclusive since, exclusive before). */
    since: dateTimeSchema.optional(),
    before: dateTimeSchema.optional(),
    /** Exact field conditions as the log query takes them (`key:value`, decision 055). */
    where: fieldConditionsSchema.optional(),
    where_not: fieldConditionsSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    if ((query.where?.length ?? 0) + (query.where_not?.length ?? 0) > LOG_FIELD_CONDITIONS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['where_not'],
        message: `At most ${String(LOG_FIELD_CONDITIONS_MAX)} field conditions in all`,
      });
    }
    if (query.range === 'custom') {
      if (query.since === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['since'],
          message: 'A custom range needs since',
        });
      }
      if (query.since !== undefined && query.before !== undefined && query.before <= query.since) {
        context.addIssue({ code: 'custom', path: ['before'], message: 'Must be after since' });
      }
    } else {
      for (const key of ['since', 'before'] as const) {
        if (query[key] !== undefined) {
          context.addIssue({ code: 'custom', path: [key], message: 'Only for a custom range' });
        }
      }
    }
  });
export type LogViewQuery = z.infer<typeof logViewQuerySchema>;

export const logViewNameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(LOG_VIEW_NAME_MAX, `At most ${String(LOG_VIEW_NAME_MAX)} characters`);

export const logViewAppIdSchema = textSchema().min(1).max(200);

export const logViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The app the view is for; null: any app of the site. */
  app_id: z.string().nullable(),
  query: logViewQuerySchema,
  version: z.number().int(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type LogView = z.infer<typeof logViewSchema>;
export const logViewListSchema = z.array(logViewSchema);

export const logViewCreateSchema = z.object({
  name: logViewNameSchema,
  app_id: logViewAppIdSchema.nullable().default(null),
  query: logViewQuerySchema,
});
export type LogViewCreate = z.input<typeof logViewCreateSchema>;

/** `PUT /log-views/{id}`: the whole view again (rename, or a new query, or both). */
export const logViewUpdateSchema = logViewCreateSchema;
export type LogViewUpdate = z.input<typeof logViewUpdateSchema>;

/** The 409's detail code of a name the user already has on the site. */
export const LOG_VIEW_NAME_TAKEN_CODE = 'duplicate';
