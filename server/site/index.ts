/**
 * What the site wing offers the other wings (issue 38's review): import it from here, not from
 * the wing's files.
 */
export { siteLanguages, type SiteLanguageSettings } from './site-languages';
