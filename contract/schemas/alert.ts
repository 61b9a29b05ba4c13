import { z } from 'zod';
import { LOG_SEARCH_MAX_LENGTH } from './app-log';
import { dateTimeSchema, textSchema } from './common';
import { logLevelSchema } from './log-level-schemas';
import { fieldConditionsSchema, LOG_FIELD_CONDITIONS_MAX } from './log-field-condition';
import { JOB_MATCH_MODES, LOG_VIEW_JOB_MAX, LOG_VIEW_NAME_MAX } from './log-view';

/**
 * Alerts on the logs (issue 41, decision 070): a rule counts an app's entries that match a log
 * query (everything a saved log view holds) over the last `window_minutes` and compares the count
 * with a threshold. `GET/POST /alerts`, `GET/PUT/DELETE /alerts/{id}` (ETag, If-Match, 412),
 * `POST /alerts/simulate`. Viewers read; editors and admins write. At most 50 per site.
 */
export const ALERTS_MAX_PER_SITE = 50;
export const ALERT_WINDOW_MINUTES_MAX = 1440;
export const ALERT_EVERY_MINUTES_MAX = 60;
export const ALERT_EMAILS_MAX = 20;
export const ALERT_WEBHOOKS_MAX = 5;
export const ALERT_NO_DATA = ['ok', 'alert'] as const;
export const ALERT_OPS = ['>', '<'] as const;

export const alertConditionSchema = z
  .object({
    op: z.enum(ALERT_OPS),
    threshold: z.number().min(0, 'Must be 0 or more').max(1e12, 'At most 1e12'),
    window_minutes: z
      .number()
      .int('Must be a whole number of minutes')
      .min(1, 'At least 1 minute')
      .max(ALERT_WINDOW_MINUTES_MAX, `At most ${String(ALERT_WINDOW_MINUTES_MAX)} minutes`),
  })
  .strict();
export type AlertCondition = z.infer<typeof alertConditionSchema>;

/** A webhook address: `https:` only (a webhook carries log lines; never in clear text). */
export const alertWebhookSchema = textSchema()
  .trim()
  .max(2048, 'At most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be an https: URL');

export const alertNotifySchema = z
  .object({
    /** Members of the site (checked by the service: a 422 on the e-mail that is not one). */
    emails: z
      .array(textSchema().trim().toLowerCase().pipe(z.email('Must be an e-mail address')))
      .max(ALERT_EMAILS_MAX, `At most ${String(ALERT_EMAILS_MAX)} addresses`)
      .optional(),
    webhooks: z
      .array(alertWebhookSchema)
      .max(ALERT_WEBHOOKS_MAX, `At most ${String(ALERT_WEBHOOKS_MAX)} webhooks`)
      .optional(),
  })
  .strict();
export type AlertNotify = z.infer<typeof alertNotifySchema>;

/** The rule as `POST /alerts` and `PUT /alerts/{id}` take it (and `POST /alerts/simulate`). */
export const alertRuleSchema = z
  .object({
    name: textSchema()
      .trim()
      .min(1, 'Name is required')
      .max(LOG_VIEW_NAME_MAX, `At most ${String(LOG_VIEW_NAME_MAX)} characters`),
    /** The app key. */
    app: textSchema().min(1, 'App is required').max(200),
    level: logLevelSchema.optional(),
    job: textSchema()
      .min(1)
      .max(LOG_VIEW_JOB_MAX, `At most ${String(LOG_VIEW_JOB_MAX)} characters`)
      .optional(),
    job_match: z.enum(JOB_MATCH_MODES).optional(),
    q: textSchema()
      .max(LOG_SEARCH_MAX_LENGTH, `At most ${String(LOG_SEARCH_MAX_LENGTH)} characters`)
      .optional(),
    where: fieldConditionsSchema.optional(),
    where_not: fieldConditionsSchema.optional(),
    condition: alertConditionSchema,
    every_minutes: z
      .number()
      .int('Must be a whole number of minutes')
      .min(1, 'At least 1 minute')
      .max(ALERT_EVERY_MINUTES_MAX, `At most ${String(ALERT_EVERY_MINUTES_MAX)} minutes`),
    no_data: z.enum(ALERT_NO_DATA).default('ok'),
    notify: alertNotifySchema,
    enabled: z.boolean(),
  })
  .strict()
  .superRefine((rule, context) => {
    if (rule.job_match !== undefined && rule.job === undefined) {
      context.addIssue({ code: 'custom', path: ['job_match'], message: 'job_match needs job' });
    }
    if ((rule.where?.length ?? 0) + (rule.where_not?.length ?? 0) > LOG_FIELD_CONDITIONS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['where_not'],
        message: `At most ${String(LOG_FIELD_CONDITIONS_MAX)} field conditions in all`,
      });
    }
  });
export type AlertRule = z.output<typeof alertRuleSchema>;
export type AlertRuleInput = z.input<typeof alertRuleSchema>;

export const ALERT_STATES = ['ok', 'firing', 'no_data'] as const;
export const alertStateSchema = z.enum(ALERT_STATES);
export type AlertStateName = z.infer<typeof alertStateSchema>;

/**
 * What the evaluator knows of an alert (issue 41, part two): its state, since when, and when it
 * last fired. Servers that do not evaluate alerts yet answer rules without it.
 */
export const alertStatusSchema = z.object({
  state: alertStateSchema,
  /** When the alert entered `state`; null before its first evaluation. */
  since: dateTimeSchema.nullable(),
  last_fired_at: dateTimeSchema.nullable(),
  /** The count of the last evaluated window; null before the first evaluation. */
  last_count: z.number().int().nonnegative().nullable(),
  last_evaluated_at: dateTimeSchema.nullable(),
  /**
   * Present when `last_count` is partial (decision 087): the query's field conditions read only
   * the newest entries (decision 076), and the minutes before this time (epoch seconds) were not
   * counted. The count is then a floor: `>` fires on it, `<` never does.
   */
  counted_since: z.number().optional(),
});
export type AlertStatus = z.infer<typeof alertStatusSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  app: z.string(),
  level: logLevelSchema.optional(),
  job: z.string().optional(),
  job_match: z.enum(JOB_MATCH_MODES).optional(),
  q: z.string().optional(),
  where: z.array(z.string()).optional(),
  where_not: z.array(z.string()).optional(),
  condition: alertConditionSchema,
  every_minutes: z.number().int(),
  no_data: z.enum(ALERT_NO_DATA),
  notify: z.object({
    emails: z.array(z.string()).optional(),
    webhooks: z.array(z.string()).optional(),
  }),
  enabled: z.boolean(),
  version: z.number().int(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  /** Absent on servers that do not evaluate alerts. */
  status: alertStatusSchema.optional(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);

/** The 422's detail code of the 51st alert of a site. */
export const ALERTS_TOO_MANY_CODE = 'too_many';

/** How far back `POST /alerts/simulate` looks. */
export const ALERT_SIMULATION_MINUTES = 1440;

/**
 * `POST /alerts/simulate`: the rule's windows over the last 24 hours, one per evaluation moment
 * (every `every_minutes` on the minute grid), with the count and the state each gives; `fired`
 * lists the moments the alert would have fired (it alerted, the window before did not). Times
 * are epoch seconds, as the volume's.
 */
export const alertSimulationSchema = z.object({
  since: z.number(),
  before: z.number(),
  /** `rollup`: counted from the minute rollup; `rows`: the query has q or field conditions. */
  source: z.enum(['rollup', 'rows']),
  windows: z.array(
    z.object({
      /** The window's end; it covers the `window_minutes` before. */
      end: z.number(),
      count: z.number().int().nonnegative(),
      state: alertStateSchema,
    }),
  ),
  fired: z.array(z.number()),
});
export type AlertSimulation = z.infer<typeof alertSimulationSchema>;

/**
 * One change of an alert's state, as `GET /alerts/{id}/events` lists them, newest first
 * (`?before=<id>&limit=1…100`, default 50; `next_before` when there are more). A window is the
 * `window_minutes` before `window_end`; times of windows are epoch seconds, as the volume's.
 */
export const alertEventSchema = z.object({
  id: z.number().int(),
  at: dateTimeSchema,
  /** null for the first evaluation of the alert. */
  from: alertStateSchema.nullable(),
  to: alertStateSchema,
  count: z.number().int().nonnegative(),
  threshold: z.number(),
  window_start: z.number(),
  window_end: z.number(),
  /** Present when `count` is partial: minutes before this time (epoch seconds) were not counted. */
  counted_since: z.number().optional(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;
export const ALERT_EVENTS_LIMIT_MAX = 100;
export const alertEventPageSchema = z.object({
  items: z.array(alertEventSchema),
  next_before: z.number().int().optional(),
});
export type AlertEventPage = z.infer<typeof alertEventPageSchema>;
