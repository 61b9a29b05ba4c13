import type { Migration } from 'kysely';
import { coreMigration } from './001-core';
import { appLogsMigration } from './002-app-logs';
import { authFailuresMigration } from './003-auth-failures';
import { logVolumeIndexMigration } from './004-log-volume-index';
import { logSearchWatermarkMigration } from './005-log-search-watermark';
import { logMinutesMigration } from './006-log-minutes';
import { logSearchPostgresMigration } from './007-log-search-postgres';
import { logAppendPostgresMigration } from './008-log-append-postgres';
import { logSearchFileMigration } from './009-log-search-file';
import { logLevelIndexesMigration } from './010-log-level-indexes';
import { logMinuteBytesMigration } from './011-log-minute-bytes';
import { siteLocalesMigration } from './012-site-locales';
import { revisionsMigration } from './013-revisions';
import { rolesTokensMigration } from './014-roles-tokens';
import { logViewsMigration } from './015-log-views';
import { consentModeMigration } from './016-consent-mode';
import { logIdIndexMigration } from './017-log-id-index';
import { revisionPartsMigration } from './019-revision-parts';
import { layoutsSnippetsMigration } from './020-layouts-snippets';
import { testInboxMigration } from './021-test-inbox';
import { consentRecordsMigration } from './022-consent-records';
import { tokenMintedByMigration } from './018-token-minted-by';
import { siteEmailClientsMigration } from './024-site-email-clients';
import { alertsMigration } from './026-alerts';
import { alertEvaluationMigration } from './027-alert-evaluation';
import { alertCountedSinceMigration } from './028-alert-counted-since';
import { alertOutboxLeaseMigration } from './029-alert-outbox-lease';
import { logAlertHrefEscapedMigration } from './030-log-alert-href-escaped';
import { logSearchDetailNoneMigration } from './031-log-search-detail-none';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '001-core': coreMigration,
  '002-app-logs': appLogsMigration,
  '003-auth-failures': authFailuresMigration,
  '004-log-volume-index': logVolumeIndexMigration,
  '005-log-search-watermark': logSearchWatermarkMigration,
  '006-log-minutes': logMinutesMigration,
  '007-log-search-postgres': logSearchPostgresMigration,
  '008-log-append-postgres': logAppendPostgresMigration,
  '009-log-search-file': logSearchFileMigration,
  '010-log-level-indexes': logLevelIndexesMigration,
  '011-log-minute-bytes': logMinuteBytesMigration,
  '012-site-locales': siteLocalesMigration,
  '013-revisions': revisionsMigration,
  '014-roles-tokens': rolesTokensMigration,
  '015-log-views': logViewsMigration,
  '016-consent-mode': consentModeMigration,
  '017-log-id-index': logIdIndexMigration,
  '019-revision-parts': revisionPartsMigration,
  '020-layouts-snippets': layoutsSnippetsMigration,
  '021-test-inbox': testInboxMigration,
  '022-consent-records': consentRecordsMigration,
  '018-token-minted-by': tokenMintedByMigration,
  '024-site-email-clients': siteEmailClientsMigration,
  '026-alerts': alertsMigration,
  '027-alert-evaluation': alertEvaluationMigration,
  '028-alert-counted-since': alertCountedSinceMigration,
  '029-alert-outbox-lease': alertOutboxLeaseMigration,
  '030-log-alert-href-escaped': logAlertHrefEscapedMigration,
  '031-log-search-detail-none': logSearchDetailNoneMigration,
};
