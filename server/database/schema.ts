/**
 * The table types of the database (types only; kysely's example keeps them in `database.ts`
 * beside the opener, immich in `schema/`): each wing's tables in `tables/<wing>.ts`, assembled
 * here into the one `Database` that repositories and both engines import, with every table type
 * re-exported. Opening a database is db.ts's job (decision 043). Booleans are stored as 0/1
 * integers and lists/objects as JSON text (encoding.ts, decision 009).
 */
import type { Kysely } from 'kysely';
import type {
  UsersTable,
  MembershipsTable,
  AccessTokensTable,
  AuthChangesTable,
} from './tables/access';
import type { SitesTable, SiteLocaleColumns } from './tables/site';
import type { AppsTable } from './tables/apps';
import type { AppLogsTable, AppLogMinutesTable, LogViewsTable } from './tables/logs';
import type {
  ConsentConfigsTable,
  ConsentApplicationsTable,
  ConsentCookiesTable,
  ConsentRecordSettingsTable,
  ConsentConfigSnapshotsTable,
  ConsentRecordsTable,
} from './tables/consent';
import type {
  NotificationsTable,
  NotificationTranslationsTable,
  LayoutsTable,
  SnippetsTable,
  TestInboxTable,
} from './tables/notifications';
import type { RevisionsTable, RevisionPartsTable } from './tables/audit';
import type {
  AlertsTable,
  AlertStatesTable,
  AlertEventsTable,
  AlertOutboxTable,
  AlertDeliveriesTable,
  AlertWebhookSecretsTable,
} from './tables/alerts';

export type {
  UsersTable,
  MembershipsTable,
  AccessTokensTable,
  AuthChangesTable,
  SitesTable,
  SiteLocaleColumns,
  AppsTable,
  AppLogsTable,
  AppLogMinutesTable,
  LogViewsTable,
  ConsentConfigsTable,
  ConsentApplicationsTable,
  ConsentCookiesTable,
  ConsentRecordSettingsTable,
  ConsentConfigSnapshotsTable,
  ConsentRecordsTable,
  NotificationsTable,
  NotificationTranslationsTable,
  LayoutsTable,
  SnippetsTable,
  TestInboxTable,
  RevisionsTable,
  RevisionPartsTable,
  AlertsTable,
  AlertStatesTable,
  AlertEventsTable,
  AlertOutboxTable,
  AlertDeliveriesTable,
  AlertWebhookSecretsTable,
};

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
