// What the site wing offers the other wings: they import it from here, never a file inside
// (scripts/check-imports.ts, decision 072).
export {
  createSite,
  ensureMembership,
  findMembershipRole,
  findSite,
  findSiteRow,
  siteSettingsOf,
} from './store/sites';
export { siteLanguages, siteSettings, type SiteLanguageSettings } from './site-languages';
