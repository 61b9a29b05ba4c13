import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';

/**
 * A notification template as our service sends it (spec 2.6, every field present): the OpenAPI
 * document and the API tests use it. What the dashboard accepts is ../wire/notification.ts.
 */
/** The default language's content a translation was last saved against. */
export const translationBasisSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type TranslationBasis = z.infer<typeof translationBasisSchema>;

/**
 * One language of a notification other than the site's default (issue 28, decision 045).
 * `outdated`: the default's subject, text or html differ from `based_on`, i.e. the default changed
 * since this translation was last saved; `based_on` lets the dashboard show what changed.
 */
export const notificationTranslationSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  updated_at: dateTimeSchema,
  outdated: z.boolean(),
  based_on: translationBasisSchema.describe(
    "The default's subject, text and html when this translation was last saved",
  ),
});
export type NotificationTranslation = z.infer<typeof notificationTranslationSchema>;

/** Locale (canonical BCP 47, one of the site's, never the default) → its translation. */
export const notificationTranslationsSchema = z.record(z.string(), notificationTranslationSchema);

export const notificationSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  slug: z.string(),
  html_enabled: z.boolean(),
  description: z.string(),
  name: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  layout: z
    .string()
    .nullable()
    .describe('The slug of the layout its html and text are rendered in, or null (issue 38)'),
  translations: notificationTranslationsSchema.describe(
    'Each non-default language of the site that has a translation (our extension)',
  ),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const TEMPLATE_MAX_LENGTH = 200_000;

/** Fields `PUT /notifications/{slug}` writes. Liquid syntax is checked on top of this. */
export const notificationWritableFieldsSchema = z.object({
  name: textSchema().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  description: textSchema().max(1000, 'At most 1000 characters'),
  subject: textSchema()
    .min(1, 'Subject is required')
    .max(500, 'At most 500 characters')
    .refine((value) => !/[\r\n]/.test(value), 'The subject is a single line'),
  text: textSchema().max(TEMPLATE_MAX_LENGTH),
  html: textSchema().max(TEMPLATE_MAX_LENGTH),
  html_enabled: z.boolean(),
  /** Issue 38: a layout slug of the site, or null for none; the editor's layout select. */
  layout: textSchema().max(100).nullable(),
});
export type NotificationWritableFields = z.infer<typeof notificationWritableFieldsSchema>;

/**
 * A change to one translation in `PUT /notifications/{slug}`: absent fields are left as they are
 * (a new translation's start empty; its subject must end non-empty). Same limits as the default's.
 */
export const translationUpdateSchema = notificationWritableFieldsSchema
  .pick({ subject: true, text: true, html: true })
  .partial()
  .extend({
    // Read-only, sent back by a GET-modify-PUT round trip: ignored, but a translation sent back
    // as answered (the same texts and `based_on`) is left as it is instead of saved again.
    updated_at: z.unknown().optional(),
    outdated: z.unknown().optional(),
    based_on: z.unknown().optional(),
  })
  .strict();
export type TranslationUpdate = z.infer<typeof translationUpdateSchema>;

/** `translations` of a PUT: locale → a partial change, or null to remove that translation. */
export const translationsUpdateSchema = z
  .record(z.string().max(35), translationUpdateSchema.nullable())
  .describe(
    'Partial: each named locale is changed (its absent fields kept) or, with null, removed; ' +
      'locales not named are left as they are',
  );
export type TranslationsUpdate = z.infer<typeof translationsUpdateSchema>;

/** Request body of `PUT /notifications/{slug}`: absent fields are left as they are. */
export const notificationUpdateSchema = notificationWritableFieldsSchema.partial().extend({
  translations: translationsUpdateSchema.optional(),
});
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

/** Fields whose content is a Liquid template. */
export const LIQUID_FIELDS = ['subject', 'text', 'html'] as const;
export type LiquidField = (typeof LIQUID_FIELDS)[number];
