/**
 * A site's settings as the other wings read them: its languages for the routes that write
 * per-language content (layouts, snippets), and the e-mail clients for the checks of a
 * notification. `forWrite` locks the site's row inside the write's transaction, so a change of
 * languages cannot slip between the check of a translation's locale and its write (decision 045).
 */
import type { Db } from '../database/schema';
import { notFound } from '../http/errors';
import { findSiteRow, siteSettingsOf, type SiteSettingsFields } from './store/sites';

export type SiteLanguageSettings = Pick<SiteSettingsFields, 'default_locale' | 'locales'>;

/** The site's settings; a 404 Error for a site that is gone. */
export async function siteSettings(
  db: Db,
  siteId: string,
  options: { forWrite?: boolean } = {},
): Promise<SiteSettingsFields> {
  const site = await findSiteRow(db, siteId, { forWrite: options.forWrite ?? false });
  if (!site) throw notFound('site');
  return siteSettingsOf(site);
}

export async function siteLanguages(
  db: Db,
  siteId: string,
  options: { forWrite?: boolean } = {},
): Promise<SiteLanguageSettings> {
  const { default_locale, locales } = await siteSettings(db, siteId, options);
  return { default_locale, locales };
}
