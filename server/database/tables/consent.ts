// The consent wing's tables (server/consent/): the banner's configuration, its applications and
// cookies, and the consent records (issue 40, migration 022, decision 064).
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface ConsentConfigsTable {
  site_id: string;
  privacy_policy_kind: string;
  /** JSON object locale → URL. */
  privacy_policy_url: string;
  privacy_policy_page_id: string | null;
  /** JSON array of purposes `{ name, description }`. */
  purposes: string;
  /** JSON object signal → purposes (Google Consent Mode v2); null: off. */
  consent_mode: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ConsentApplicationsTable {
  id: Generated<number>;
  site_id: string;
  name: string;
  position: number;
  /** JSON localized texts. */
  title: string;
  description: string;
  /** JSON array of purpose names. */
  purposes: string;
  required: number;
  default_enabled: number;
  opt_out: number;
  placeholder_message: string;
  placeholder_action: string;
}

export interface ConsentCookiesTable {
  site_id: string;
  id: string;
  position: number;
  name: string;
  path: string;
  domain: string;
  /** Name of the consent application the cookie belongs to. */
  application: string;
}

export interface ConsentRecordSettingsTable {
  site_id: string;
  /** What banners send (`X-Consent-Key` or `?key=`); public by design. */
  public_key: string;
  /** JSON array of origins (`https://example.com`) banners may record from. */
  origins: string;
  /** Base64url key of the HMAC of visitors' addresses; never answered. */
  hash_secret: string;
  retention_months: number;
  updated_at: string;
}

export interface ConsentConfigSnapshotsTable {
  site_id: string;
  version: number;
  /** The ETag of that version, without quotes (what the export writes as `config_version`). */
  etag: string;
  /** JSON of the ConsentConfig at that version. */
  config: string;
  created_at: string;
}

export interface ConsentRecordsTable {
  id: Generated<number>;
  site_id: string;
  consent_id: string;
  created_at: string;
  /** JSON object application → boolean. */
  choices: string;
  /** `|name|name|`: the applications in `choices`, for the application filter. */
  applications: string;
  accepted: number;
  offered: number;
  config_version: number;
  config_etag: string;
  locale: string;
  page: string | null;
  user_agent: string | null;
  /** HMAC-SHA256 of the address with the site's secret, base64url; the address is never kept. */
  ip_hash: string;
}
