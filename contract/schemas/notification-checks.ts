import { z } from 'zod';
import { EMAIL_CLIENT_IDS } from './email-clients';
import { TEMPLATE_MAX_LENGTH } from './notification';

/**
 * Checks before sending (issue 39; our extension, not in the spec): what the service finds in a
 * notification as saved (`GET /notifications/{slug}/checks`) or as drafted (`POST`, the draft's
 * fields), for every locale.
 */

export const CHECK_NAMES = [
  'link_empty',
  'link_unsafe',
  'link_insecure',
  'link_renders_empty',
  'mailto_without_address',
  'link_differs_between_locales',
  'image_without_alt',
  'image_insecure',
  'image_without_width',
  'unknown_variable',
  'liquid_error',
  'gmail_clipping',
  'text_missing',
  'text_older_than_html',
  'subject_empty',
  'subject_too_long',
  'preheader_missing',
  'colour_without_background',
  'spam_score',
  'client_support',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export const checkSeveritySchema = z.enum(['error', 'warning', 'info']);
export type CheckSeverity = z.infer<typeof checkSeveritySchema>;

export const checkFindingSchema = z.object({
  check: z.enum(CHECK_NAMES),
  severity: checkSeveritySchema,
  locale: z.string().describe('The language the finding is in'),
  field: z.enum(['subject', 'text', 'html']),
  line: z.number().int().min(1).describe('1-based line in the field, in the template source'),
  column: z.number().int().min(1),
  message: z.string(),
  clients: z
    .array(z.string())
    .optional()
    .describe(
      'The e-mail clients concerned (ids of `clients`): for `client_support`, those of the ' +
        "site's choice that do not support the feature, then those that support it partly",
    ),
});
export type CheckFinding = z.infer<typeof checkFindingSchema>;

export const checkSampleSchema = z.object({
  name: z.string().max(200),
  data: z.record(z.string(), z.unknown()),
});

const draftFields = {
  subject: z.string().max(500).optional(),
  text: z.string().max(TEMPLATE_MAX_LENGTH).optional(),
  html: z.string().max(TEMPLATE_MAX_LENGTH).optional(),
};

/** `POST /notifications/{slug}/checks`: the draft; absent fields are the saved ones. */
export const checksRequestSchema = z
  .object({
    ...draftFields,
    html_enabled: z.boolean().optional(),
    translations: z
      .record(z.string().max(35), z.object(draftFields).strict())
      .optional()
      .describe('Drafted translations by locale; each must be one of the site languages'),
    samples: z
      .array(checkSampleSchema)
      .max(20)
      .default([])
      .describe('The samples the template renders with (each is checked)'),
    spam: z.boolean().default(true).describe('Ask SpamAssassin too (default true)'),
  })
  .strict();
export type ChecksRequest = z.input<typeof checksRequestSchema>;

export const checksResultSchema = z.object({
  locales: z.array(z.string()).describe('The locales checked: the default first'),
  checks: z.array(z.enum(CHECK_NAMES)).describe('Every check this service runs'),
  findings: z.array(checkFindingSchema),
  clients: z
    .array(z.object({ id: z.enum(EMAIL_CLIENT_IDS), name: z.string() }))
    .describe(
      'The e-mail clients the site chose (`email_clients` of /settings/site) that ' +
        '`client_support` reports on, in the order of the site setting',
    ),
});
export type ChecksResult = z.infer<typeof checksResultSchema>;

/** Gmail clips a message whose HTML is over 102 kB. */
export const GMAIL_CLIP_BYTES = 102 * 1024;
