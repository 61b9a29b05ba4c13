import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';

/**
 * Proof of consent (issue 40, decision 064). A banner records each visitor's choice with
 * `POST /public/sites/{site}/consent-records` (the site's public key, from an allowed origin);
 * members read them with `GET /consent-records`, `GET /consent-records/days` and
 * `GET /consent-records/export`, and admins erase a visitor's with
 * `DELETE /consent-records?consent_id=`. `GET /settings/consent/public-key` answers the key,
 * the origins and the retention.
 */

/** Largest body the public endpoint reads (413 past it). */
export const MAX_CONSENT_RECORD_BODY_BYTES = 4096;
/** Applications one choice may name. */
export const MAX_CONSENT_CHOICES = 100;
/** Origins a site may list. */
export const MAX_CONSENT_ORIGINS = 50;
export const DEFAULT_CONSENT_RETENTION_MONTHS = 12;
export const MAX_CONSENT_RETENTION_MONTHS = 120;

/** What a banner keeps and sends back: letters, digits, `-` and `_`. */
export const consentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8 to 64 letters, digits, - or _');

/** A Klaro service name (what `choices` is keyed by). */
const applicationNameSchema = textSchema().min(1).max(100);

/** Body of the public endpoint: what the exported banner's callback sends. */
export const consentRecordInputSchema = z.strictObject({
  consent_id: consentIdSchema
    .optional()
    .describe("Absent on a visitor's first choice: a new one is made"),
  choices: z
    .record(applicationNameSchema, z.boolean())
    .refine((choices) => Object.keys(choices).length <= MAX_CONSENT_CHOICES, {
      message: `At most ${String(MAX_CONSENT_CHOICES)} applications`,
    })
    .describe('Application → accepted'),
  config_version: textSchema()
    .min(1)
    .max(100)
    .describe('The ETag of the consent configuration the banner was exported from, without quotes'),
  locale: textSchema().min(1).max(35).describe("The banner's language"),
  page: textSchema().max(2000).optional().describe('The page the choice was made on'),
});
export type ConsentRecordInput = z.infer<typeof consentRecordInputSchema>;

export const consentRecordAnswerSchema = z.object({ consent_id: z.string() });

/** accepted every application, some, or none. */
export const CONSENT_OUTCOMES = ['all', 'some', 'none'] as const;
export const consentOutcomeSchema = z.enum(CONSENT_OUTCOMES);
export type ConsentOutcome = z.infer<typeof consentOutcomeSchema>;

export const consentRecordSchema = z.object({
  id: z.number().int(),
  consent_id: z.string(),
  created_at: dateTimeSchema,
  choices: z.record(z.string(), z.boolean()),
  outcome: consentOutcomeSchema,
  config_version: z.string().describe('The ETag the banner sent, without quotes'),
  config_revision: z.number().int().describe('The consent configuration version it names'),
  locale: z.string(),
  page: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip_hash: z.string().describe("Keyed hash of the visitor's address (the address is not kept)"),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentRecordListSchema = z.array(consentRecordSchema);

export const MAX_CONSENT_RECORD_LIMIT = 200;
const filterShape = {
  consent_id: consentIdSchema.optional(),
  from: dateTimeSchema.optional().describe('Records at or after this time'),
  to: dateTimeSchema.optional().describe('Records before this time'),
  application: applicationNameSchema.optional().describe('Records with a choice for it'),
  locale: textSchema().min(1).max(35).optional(),
};
export const consentRecordFilterSchema = z.object(filterShape);
export type ConsentRecordFilter = z.infer<typeof consentRecordFilterSchema>;

export const consentRecordQuerySchema = z.object({
  ...filterShape,
  before: z.coerce.number().int().positive().optional().describe('Records with a lower id'),
  limit: z.coerce.number().int().min(1).max(MAX_CONSENT_RECORD_LIMIT).default(50),
});
export type ConsentRecordQuery = z.infer<typeof consentRecordQuerySchema>;

/** One day (UTC) of the chart: how many records accepted all, some or none. */
export const consentRecordDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD, UTC'),
  all: z.number().int(),
  some: z.number().int(),
  none: z.number().int(),
});
export const consentRecordDayListSchema = z.array(consentRecordDaySchema);
export type ConsentRecordDay = z.infer<typeof consentRecordDaySchema>;

export const consentRecordEraseQuerySchema = z.object({ consent_id: consentIdSchema });
export const consentRecordEraseAnswerSchema = z.object({ deleted: z.number().int() });

/** `https://example.com` or `http://127.0.0.1:8080`: scheme, host and port, nothing else. */
export const originSchema = textSchema()
  .max(200)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Must be an origin such as https://example.com' });
      return z.NEVER;
    }
    if (
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.origin !== value.replace(/\/$/, '')
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'Must be an origin such as https://example.com (no path, query or fragment)',
      });
      return z.NEVER;
    }
    return url.origin;
  });

export const consentPublicKeySchema = z.object({
  key: z.string(),
  endpoint: z
    .string()
    .describe('The URL a banner records to, with the key (what the Klaro export writes)'),
  origins: z.array(z.string()),
  retention_months: z.number().int(),
  updated_at: dateTimeSchema,
});
export type ConsentPublicKey = z.infer<typeof consentPublicKeySchema>;

export const consentPublicKeyUpdateSchema = z.strictObject({
  origins: z
    .array(originSchema)
    .max(MAX_CONSENT_ORIGINS, `At most ${String(MAX_CONSENT_ORIGINS)} origins`)
    .optional()
    .describe('The whole list, replaced'),
  retention_months: z.number().int().min(1).max(MAX_CONSENT_RETENTION_MONTHS).optional(),
});
export type ConsentPublicKeyUpdate = z.infer<typeof consentPublicKeyUpdateSchema>;

/** The CSV columns of `GET /consent-records/export`, in order. */
export const CONSENT_RECORD_CSV_COLUMNS = [
  'id',
  'consent_id',
  'created_at',
  'outcome',
  'choices',
  'config_version',
  'config_revision',
  'locale',
  'page',
  'user_agent',
  'ip_hash',
] as const;
