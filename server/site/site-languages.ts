/**
 * A site's languages as the routes that write per-language content need them (layouts, snippets,
 * the checks of a notification): its default and its locales. `forWrite` locks the site's row
 * inside the write's transaction, so a change of languages cannot slip between the check of a
 * translation's locale and its write (decision 045).
 */
import type { Db } from '../database/schema';
import { notFound } from '../http/errors';
import { findSiteRow, siteSettingsOf, type SiteSettingsFields } from './store/sites';

export type SiteLanguageSettings = Pick<SiteSettingsFields, 'default_locale' | 'locales'>;

export async function siteLanguages(
  db: Db,
  siteId: string,
  options: { forWrite?: boolean } = {},
): Promise<SiteLanguageSettings> {
  const site = await findSiteRow(db, siteId, { forWrite: options.forWrite ?? false });
  if (!site) throw notFound('site');
  const { default_locale, locales } = siteSettingsOf(site);
  return { default_locale, locales };
}
