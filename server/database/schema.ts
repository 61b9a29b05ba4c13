/**
 * The table types of the database, every table in one place (types only; kysely's example keeps
 * them in `database.ts` beside the opener, immich in `schema/`). Repositories and both engines
 * import these; opening a database is db.ts's job (decision 043). Booleans are stored as 0/1
 * integers and lists/objects as JSON text (encoding.ts, decision 009).
 */
import type { Generated, Kysely } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  created_at: string;
}

export interface SitesTable extends SiteLocaleColumns {
  id: string;
  name: string;
  created_at: string;
}

export interface MembershipsTable {
  user_id: number;
  site_id: string;
  role: string;
  created_at: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** Generated: '' for tokens made before names (migration 014). */
  name: Generated<string>;
  /** The first characters of the secret; '' for tokens made before names. */
  prefix: Generated<string>;
  /** null: never expires. */
  expires_at: string | null;
  /** null: not revoked. */
  revoked_at: string | null;
  /** The token that minted this one (migration 018); null: the CLI, or made before. */
  minted_by: Generated<number | null>;
}

/** One row (id 1) whose counter grows with each revocation or change of a role (auth.ts). */
export interface AuthChangesTable {
  id: number;
  counter: number;
}

export interface AppsTable {
  id: Generated<number>;
  site_id: string;
  key: string;
  name: string;
  url: string;
  domain: string;
  callback_url: string;
  internal: number;
  /** JSON array of scope names. */
  install_scopes: string;
  sdk_version: string;
  compiled_at: string | null;
  /** JSON arrays (compile errors, functions, routes, callbacks, jobs, schedules). */
  compile_errors: string;
  functions: string;
  routes: string;
  callbacks: string;
  jobs: string;
  schedules: string;
  created_at: string;
  updated_at: string;
  /** Bumped on every real change; the ETag is derived from it. */
  version: number;
}

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

export interface NotificationsTable {
  id: string;
  site_id: string;
  slug: string;
  name: string;
  description: string;
  subject: string;
  text: string;
  html: string;
  html_enabled: number;
  created_at: string;
  updated_at: string;
  version: number;
  /** The slug of the site's layout it is rendered in (migration 020), or null. */
  layout: Generated<string | null>;
}

/**
 * The `app_logs` table. Rows are shaped for the hot read path: `data` and `context` are kept
 * as the JSON text the response is built from, so a page of entries is written by string
 * concatenation instead of parse + stringify per entry.
 */
export interface AppLogsTable {
  /** Autoincrement row id; exposed as a fixed-width string so ids sort as text and as numbers. */
  id: Generated<number>;
  /** `apps.id`; cascades on delete. */
  app_id: number;
  /**
   * Commit time in integer microseconds since the epoch, strictly increasing per app. The API's
   * float `time` is `time_us / 1e6`, which round-trips exactly through JSON.
   */
  time_us: number;
  /** Rank of the level in LOG_LEVELS (debug = 0 … unknown = 5), so "at least" is a range. */
  level: number;
  /** `context.job.name` when it is a string, else null: the `job` filter's indexed column. */
  job: string | null;
  /** JSON text of `data` (an object, or a JSON string literal when data is a string). */
  data: string;
  /** JSON text of `context`, or null. */
  context: string | null;
  /** Producer's event time as an ISO 8601 UTC string (defaults to the commit time). */
  created_at: string;
  /** Lower-cased text of data and context that `q` is matched against (searchText, server/logs/store/app-logs-rows.ts). */
  search: string;
}

/**
 * The `app_log_minutes` rollup (migration 005, app-logs-rollup.ts): how many of an app's entries
 * of one level fall into one minute, in all and per job. Written with the rows, in the same
 * transactions.
 */
export interface AppLogMinutesTable {
  app_id: number;
  /** '' counts every entry; '=' and a job's name counts that job's entries (jobKey()). */
  job_key: string;
  /** The minute's first µs (a multiple of 60,000,000). */
  minute_us: number;
  /** Rank of the level, as `app_logs.level`. */
  level: number;
  entries: number;
  /** Their stored size: the length of `data`, `context` and `search` (migration 011, rowBytes). */
  bytes: number;
}

// --- Site languages and notification translations (issue 28, migration 012, decision 045) ---

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

export interface NotificationTranslationsTable {
  notification_id: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** The default language's subject, text and html when the translation was last saved. */
  based_on_subject: string;
  based_on_text: string;
  based_on_html: string;
  updated_at: string;
}

// --- end of issue 28's table types ---

// --- Revisions (issue 29, migration 013, decision 048) ---

export interface RevisionsTable {
  id: Generated<number>;
  site_id: string;
  /** One of REVISION_RESOURCES (contract/schemas/audit.ts). */
  resource: string;
  resource_id: string;
  actor_user_id: number;
  /** The actor's e-mail when the revision was recorded. */
  actor_email: string;
  /** The token the write was made with; null for writes without one (the CLI, the seed). */
  token_id: number | null;
  created_at: string;
  /** JSON array of `{ field, before, after, before_size?, after_size? }`. */
  changes: string;
  /**
   * Notifications: JSON of the stored notification after the write, its long texts in
   * `revision_parts` (named by `$parts`, revision-snapshots.ts; whole before migration 019);
   * else null.
   */
  snapshot: string | null;
}

/** Issue 42, migration 019: each long text of a resource's snapshots, once, by SHA-256. */
export interface RevisionPartsTable {
  site_id: string;
  resource: string;
  resource_id: string;
  hash: string;
  body: string;
}

// --- end of issue 29's revision types ---

// --- Saved log views (issue 30, migration 015, decision 053) ---

export interface LogViewsTable {
  id: Generated<number>;
  site_id: string;
  user_id: number;
  /** The app key the view is for; null: any app of the site. */
  app_id: string | null;
  name: string;
  /** JSON of the LogViewQuery. */
  query: string;
  version: number;
  created_at: string;
  updated_at: string;
}

// --- end of issue 30's log view types ---

// --- Alerts on the logs (issue 41, migration 026, decision 070) ---

export interface AlertsTable {
  id: Generated<number>;
  site_id: string;
  app_key: string;
  name: string;
  /** JSON of the AlertRule (contract/schemas/alert.ts). */
  rule: string;
  /** 0/1, as the rule's `enabled`. */
  enabled: number;
  every_minutes: number;
  version: number;
  created_at: string;
  updated_at: string;
}

// --- end of issue 41's alert types ---

// --- Layouts and snippets (issue 38, migration 020, decision 062) ---

export interface LayoutsTable {
  id: string;
  site_id: string;
  slug: string;
  name: string;
  html: string;
  text: string;
  /** JSON: locale → `{ html, text, updated_at }` (store/layouts.ts). */
  translations: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface SnippetsTable {
  id: string;
  site_id: string;
  name: string;
  body: string;
  /** JSON: locale → `{ body, updated_at }` (store/snippets.ts). */
  translations: string;
  version: number;
  created_at: string;
  updated_at: string;
}

// --- end of issue 38's types ---
// --- The test inbox (issue 39, migration 021, decision 063) ---

export interface TestInboxTable {
  id: Generated<number>;
  site_id: string;
  notification_slug: string;
  /** The translation sent; null: the default language. */
  locale: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  text_part: string;
  /** Null: a text-only mail. */
  html_part: string | null;
  /** The whole message (headers and MIME parts). */
  raw: string;
  /** Bytes of `raw`. */
  size: number;
  /** JSON of the SpamVerdict; null when no spamd answered. */
  spam: string | null;
  received_at: string;
}

// --- end of issue 39's test inbox types ---

// --- Consent records (issue 40, migration 022, decision 064) ---
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
// --- end of issue 40's consent record types ---
/** The evaluator's state of an alert (migration 027, decision 074). */
export interface AlertStatesTable {
  alert_id: number;
  site_id: string;
  state: string;
  since: string;
  last_fired_at: string | null;
  last_count: number;
  last_evaluated_at: string;
  /** The end of the last window evaluated, epoch minutes. */
  last_window_end_minute: number;
  /** The last count was partial: counted from this epoch minute on (migration 028). */
  counted_since_minute: number | null;
}

/** Each change of an alert's state (migration 027); window times in epoch minutes. */
export interface AlertEventsTable {
  id: Generated<number>;
  alert_id: number;
  site_id: string;
  at: string;
  from_state: string | null;
  to_state: string;
  count: number;
  threshold: number;
  window_start_minute: number;
  window_end_minute: number;
  /** The count was partial: counted from this epoch minute on (migration 028). */
  counted_since_minute: number | null;
}

/** A notification to send, once per (alert, window, state, channel, target) (migration 027). */
export interface AlertOutboxTable {
  id: Generated<number>;
  alert_id: number;
  site_id: string;
  window_end_minute: number;
  to_state: string;
  /** `email` | `webhook`. */
  channel: string;
  /** The address or the webhook URL. */
  target: string;
  /** JSON of what the message carries (server/alerts/evaluation/alert-message.ts). */
  payload: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  given_up_at: string | null;
  /** Claimed by a sender until then (ISO; null: not claimed; migration 029, decision 093). */
  lease_until: string | null;
}

/** Each attempt at an outbox row (migration 027). */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  site_id: string;
  attempt: number;
  at: string;
  /** 0/1. */
  ok: number;
  /** The webhook's HTTP status; null for e-mail or when no answer came. */
  status: number | null;
  error: string | null;
}

/** Each site's webhook signing key (migration 027). */
export interface AlertWebhookSecretsTable {
  site_id: string;
  secret: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sites: SitesTable;
  memberships: MembershipsTable;
  access_tokens: AccessTokensTable;
  auth_changes: AuthChangesTable;
  apps: AppsTable;
  app_logs: AppLogsTable;
  app_log_minutes: AppLogMinutesTable;
  consent_configs: ConsentConfigsTable;
  consent_applications: ConsentApplicationsTable;
  consent_cookies: ConsentCookiesTable;
  notifications: NotificationsTable;
  notification_translations: NotificationTranslationsTable;
  revisions: RevisionsTable;
  revision_parts: RevisionPartsTable;
  log_views: LogViewsTable;
  alerts: AlertsTable;
  alert_states: AlertStatesTable;
  alert_events: AlertEventsTable;
  alert_outbox: AlertOutboxTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_webhook_secrets: AlertWebhookSecretsTable;
  layouts: LayoutsTable;
  snippets: SnippetsTable;
  test_inbox: TestInboxTable;
  consent_record_settings: ConsentRecordSettingsTable;
  consent_config_snapshots: ConsentConfigSnapshotsTable;
  consent_records: ConsentRecordsTable;
}

export type Db = Kysely<Database>;
