// `GET /settings/site` (issue 28) as the dashboard accepts it from any server. A server without
// the route answers 404 and the dashboard shows no languages; one that answers must name at
// least one locale. A missing default is the first locale; a default not among the locales is
// put first; duplicates and non-text entries are left out. What our service sends is the strict
// siteSettingsSchema in ../schemas/site-settings.ts.
import { z } from 'zod';
import { wireDateTimeSchema, wireTextListSchema, wireTextSchema } from './common';

export const siteSettingsWireSchema = z
  .looseObject({
    name: wireTextSchema,
    default_locale: wireTextSchema,
    locales: wireTextListSchema,
    updated_at: wireDateTimeSchema,
  })
  .transform((settings, ctx) => {
    const locales = [...new Set(settings.locales.filter((tag) => tag !== ''))];
    const defaultLocale = settings.default_locale || locales[0];
    if (defaultLocale === undefined) {
      ctx.addIssue({ code: 'custom', message: 'The site names no language', path: ['locales'] });
      return z.NEVER;
    }
    return {
      ...settings,
      default_locale: defaultLocale,
      locales: locales.includes(defaultLocale) ? locales : [defaultLocale, ...locales],
    };
  });

export type SiteSettings = z.output<typeof siteSettingsWireSchema>;
