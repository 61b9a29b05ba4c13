import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';
import { EMAIL_CLIENT_IDS, EMAIL_CLIENTS } from './email-clients';

/**
 * A site's languages (issue 28, decision 045): `GET /settings/site` and `PATCH /settings/site`.
 * Tags are BCP 47, kept in the canonical form `Intl.getCanonicalLocales` gives (`pt-br` is stored
 * and answered as `pt-BR`); `locales` holds the default and has no duplicates. What the dashboard
 * accepts from any server is ../wire/site-settings.ts.
 */

/** At most this many languages per site (RELIABILITY.md): each one is a column of every editor. */
export const MAX_SITE_LOCALES = 50;

/** The canonical form of a BCP 47 tag, or undefined when it is not one. */
export function canonicalLocale(tag: string): string | undefined {
  if (tag.trim() === '' || tag.length > 35) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** A BCP 47 tag as a client sends it; comes out canonical. */
export const localeTagSchema = z.string().transform((tag, ctx) => {
  const canonical = canonicalLocale(tag);
  if (canonical === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'Must be a BCP 47 language tag such as en, nl or pt-BR',
    });
    return z.NEVER;
  }
  return canonical;
});

/** The site's settings as our service sends them. */
export const siteSettingsSchema = z.object({
  name: z.string(),
  default_locale: z.string().describe('BCP 47 tag, canonical; one of `locales`'),
  locales: z
    .array(z.string())
    .describe("Every language of the site's notifications, the default among them, in order"),
  email_clients: z
    .array(z.enum(EMAIL_CLIENT_IDS))
    .describe(
      'The e-mail clients whose support the checks report (issue 39), in the order chosen: ' +
        EMAIL_CLIENTS.map((client) => `\`${client.id}\` ${client.name}`).join(', '),
    ),
  updated_at: dateTimeSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Body of `PATCH /settings/site`: absent fields are left as they are. */
export const siteSettingsUpdateSchema = z.object({
  name: textSchema()
    .trim()
    .min(1, 'Name is required')
    .max(200, 'At most 200 characters')
    .optional(),
  default_locale: localeTagSchema.optional().describe('Must be one of `locales` after the change'),
  locales: z
    .array(localeTagSchema)
    .min(1, 'A site has at least one language')
    .max(MAX_SITE_LOCALES, `At most ${String(MAX_SITE_LOCALES)} languages`)
    .superRefine((tags, ctx) => {
      const seen = new Set<string>();
      tags.forEach((tag, index) => {
        if (seen.has(tag)) {
          ctx.addIssue({ code: 'custom', message: `${tag} is listed twice`, path: [index] });
        }
        seen.add(tag);
      });
    })
    .optional()
    .describe(
      'The whole list, replaced; removing a language deletes its translations in the same write',
    ),
  email_clients: z
    .array(
      z.string().refine((id) => (EMAIL_CLIENT_IDS as readonly string[]).includes(id), {
        message: `Must be one of ${EMAIL_CLIENT_IDS.join(', ')}`,
      }),
    )
    .max(EMAIL_CLIENT_IDS.length)
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, index) => {
        if (seen.has(id)) {
          ctx.addIssue({ code: 'custom', message: `${id} is listed twice`, path: [index] });
        }
        seen.add(id);
      });
    })
    .optional()
    .describe('The whole list, replaced; empty turns the client-support check off (issue 39)'),
});
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
