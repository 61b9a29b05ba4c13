import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';
import { TEMPLATE_MAX_LENGTH } from './notification';

/**
 * Layouts and snippets (issue 38, decision 062): the header and footer many notifications share,
 * and the pieces of Liquid any template or layout renders with `{% render 'name' %}`. As our
 * service sends them (every field present); the dashboard reads them with the same schemas.
 */

/** A layout or snippet slug: lower-case letters, digits, `-` and `_`, as Liquid quotes it. */
export const assetSlugSchema = textSchema()
  .min(1)
  .max(100)
  .regex(
    /^[a-z0-9][a-z0-9_-]*$/,
    'Lower-case letters, digits, - and _ only, starting with a letter or digit',
  );

export const layoutTranslationSchema = z.object({
  html: z.string(),
  text: z.string(),
  updated_at: dateTimeSchema,
});

export const layoutSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Liquid with exactly one `{{ content }}`, where a notification's html goes. */
  html: z.string(),
  /** Liquid with at most one `{{ content }}`; without one, the text part is not wrapped. */
  text: z.string(),
  translations: z
    .record(z.string(), layoutTranslationSchema)
    .describe('Each non-default language of the site that has its own html and text'),
  /** The notifications that use the layout, by slug. */
  used_by: z.array(z.string()),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type Layout = z.infer<typeof layoutSchema>;
export const layoutListSchema = z.array(layoutSchema);

const layoutTranslationUpdateSchema = z
  .object({
    html: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
    text: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
    updated_at: z.unknown().optional(),
  })
  .strict();

/** Body of `PUT /layouts/{slug}`: creates the layout, or changes the fields sent. */
export const layoutUpdateSchema = z.object({
  name: textSchema()
    .trim()
    .min(1, 'Name is required')
    .max(200, 'At most 200 characters')
    .optional(),
  html: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
  text: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
  translations: z
    .record(z.string().max(35), layoutTranslationUpdateSchema.nullable())
    .describe('Partial, as notifications: a locale changed field by field, or removed with null')
    .optional(),
});
export type LayoutUpdate = z.infer<typeof layoutUpdateSchema>;

export const snippetTranslationSchema = z.object({
  body: z.string(),
  updated_at: dateTimeSchema,
});

export const snippetSchema = z.object({
  name: z.string(),
  /** Liquid, rendered in its own scope by `{% render 'name' %}`. */
  body: z.string(),
  translations: z.record(z.string(), snippetTranslationSchema),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type Snippet = z.infer<typeof snippetSchema>;
export const snippetListSchema = z.array(snippetSchema);

/** Body of `PUT /snippets/{name}`: creates the snippet, or changes the fields sent. */
export const snippetUpdateSchema = z.object({
  body: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
  translations: z
    .record(
      z.string().max(35),
      z
        .object({
          body: textSchema().max(TEMPLATE_MAX_LENGTH).optional(),
          updated_at: z.unknown().optional(),
        })
        .strict()
        .nullable(),
    )
    .optional(),
});
export type SnippetUpdate = z.infer<typeof snippetUpdateSchema>;

/**
 * Body of `POST /layouts/{slug}/impact` and `POST /snippets/{name}/impact`: the draft (as its PUT
 * would send it) and, per notification slug, the sample to render with.
 */
export const impactRequestSchema = z.object({
  samples: z.record(z.string().max(200), z.record(z.string(), z.unknown())).default({}),
});

export const impactRenderSchema = z.object({ html: z.string(), text: z.string() });

export const impactEntrySchema = z.object({
  notification: z.string(),
  name: z.string(),
  locale: z.string(),
  before: impactRenderSchema,
  after: impactRenderSchema,
  changed: z.boolean(),
  /** Why a side did not render (it shows its source's error instead). */
  problems: z.array(z.string()),
});
export type ImpactEntry = z.infer<typeof impactEntrySchema>;

export const impactSchema = z.object({
  entries: z.array(impactEntrySchema),
  /** E-mails (notification × locale) whose rendered html or text change. */
  changed: z.number().int(),
  /** Languages among the changed e-mails. */
  languages: z.number().int(),
  total: z.number().int(),
});
export type Impact = z.infer<typeof impactSchema>;
