/**
 * The consent configuration at each version a banner may name (migration 022): what
 * "What this visitor saw" re-renders. A version is kept before and after every consent write
 * (routes/consent.ts calls snapshotConsentConfig in the write's transaction) and, for the
 * current version, when a banner first names it; a kept version never changes, so a banner
 * exported before a change still records against what it showed.
 */
import type { Kysely } from 'kysely';
import type { ConsentConfig } from '../../../contract/schemas/consent';
import { etagOf } from '../../http/etag';
import { findConsentConfigRow, loadConsentConfig } from '../store/consent';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import type { Database } from '../../database/schema';

/** The consent configuration's ETag at `version`, quoted (the `ETag` header). */
export function consentEtag(siteId: string, version: number): string {
  return etagOf('consent', siteId, siteId, version);
}

/** The ETag without its quotes: what the export writes as `config_version`. */
export function unquotedEtag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

/**
 * Keeps the site's configuration as it is now at its current version (nothing when it is kept
 * already); answers the version. Call it inside a write transaction, before and after a write.
 */
export async function snapshotConsentConfig(
  db: Kysely<Database>,
  siteId: string,
): Promise<{ version: number; etag: string }> {
  const row = await findConsentConfigRow(db, siteId);
  const version = row?.version ?? 0;
  const etag = unquotedEtag(consentEtag(siteId, version));
  const kept = await db
    .selectFrom('consent_config_snapshots')
    .select('version')
    .where('site_id', '=', siteId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!kept) {
    const config = await loadConsentConfig(db, siteId, row);
    await db
      .insertInto('consent_config_snapshots')
      .values({ site_id: siteId, version, etag, config: jsonText(config), created_at: nowIso() })
      // Every unique key is an arbiter (no conflict target): concurrent writers insert the same
      // snapshot at once, and with `(site_id, version)` alone PostgreSQL still raised the
      // `(site_id, etag)` key's violation for the loser of that race.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return { version, etag };
}

/** The version a kept ETag names; undefined when none is kept with it. */
export async function findSnapshotVersion(
  db: Kysely<Database>,
  siteId: string,
  etag: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('consent_config_snapshots')
    .select('version')
    .where('site_id', '=', siteId)
    .where('etag', '=', etag)
    .executeTakeFirst();
  return row?.version;
}

/** The configuration as it was at `version`; undefined when that version is not kept. */
export async function findSnapshotConfig(
  db: Kysely<Database>,
  siteId: string,
  version: number,
): Promise<ConsentConfig | undefined> {
  const row = await db
    .selectFrom('consent_config_snapshots')
    .select('config')
    .where('site_id', '=', siteId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? parseJson<ConsentConfig | undefined>(row.config, undefined) : undefined;
}

/** Whether `etag` names the site's current configuration (not kept yet, perhaps). */
export async function isCurrentEtag(
  db: Kysely<Database>,
  siteId: string,
  etag: string,
): Promise<boolean> {
  const row = await findConsentConfigRow(db, siteId);
  return unquotedEtag(consentEtag(siteId, row?.version ?? 0)) === etag;
}
