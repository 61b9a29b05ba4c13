// The site's own row (server/site/): its name and, since issue 28 (migration 012, decision 045),
// its languages.
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface SitesTable extends SiteLocaleColumns {
  id: string;
  name: string;
  created_at: string;
}

/** The columns migration 012 adds to `sites` (SitesTable includes them); each has a default. */
export interface SiteLocaleColumns {
  /** A BCP 47 tag in canonical form, one of `locales` ('en'). */
  default_locale: Generated<string>;
  /** JSON array of canonical BCP 47 tags, the default among them, in the site's order. */
  locales: Generated<string>;
  updated_at: Generated<string>;
  /** Bumped on every real change of name or languages; the ETag is derived from it. */
  version: Generated<number>;
  /** JSON array of e-mail client ids the checks report on (migration 024, issue 39). */
  email_clients: Generated<string>;
}
