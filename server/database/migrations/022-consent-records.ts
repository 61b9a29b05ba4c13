import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 40, decision 064: proof of consent.
 *
 * - `consent_record_settings`: one row per site, made when first asked for. `public_key` is what
 *   a banner sends (public by design: it only lets a browser record a choice), `origins` the JSON
 *   list of origins a banner may record from, `hash_secret` the key of the HMAC that turns a
 *   visitor's address into `ip_hash` (never sent out), `retention_months` how long records stay.
 * - `consent_config_snapshots`: the consent configuration (as `GET /settings/consent` answers
 *   it, JSON) at each version a banner may name: `etag` is that version's ETag without quotes.
 *   Written before and after every consent write, and for the current version when a banner
 *   first names it; never changed afterwards.
 * - `consent_records`: one row per choice a banner sent. `applications` is `|a|b|` (the names
 *   in `choices`, for the application filter on both engines); `accepted`/`offered` count the
 *   choices (the outcome: all, some or none). No address in any column: `ip_hash` only.
 */
export const consentRecordsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    const autoId =
      engineOf(db) === 'postgres'
        ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
        : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
    await db.schema
      .createTable('consent_record_settings')
      .addColumn('site_id', 'text', (col) => col.primaryKey())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('origins', 'text', (col) => col.notNull())
      .addColumn('hash_secret', 'text', (col) => col.notNull())
      .addColumn('retention_months', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('consent_record_settings_key')
      .on('consent_record_settings')
      .column('public_key')
      .unique()
      .execute();
    await db.schema
      .createTable('consent_config_snapshots')
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('etag', 'text', (col) => col.notNull())
      .addColumn('config', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('consent_config_snapshots_pk', ['site_id', 'version'])
      .execute();
    await db.schema
      .createIndex('consent_config_snapshots_etag')
      .on('consent_config_snapshots')
      .columns(['site_id', 'etag'])
      .unique()
      .execute();
    await db.schema
      .createTable('consent_records')
      .addColumn('id', 'integer', autoId)
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('consent_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('choices', 'text', (col) => col.notNull())
      .addColumn('applications', 'text', (col) => col.notNull())
      .addColumn('accepted', 'integer', (col) => col.notNull())
      .addColumn('offered', 'integer', (col) => col.notNull())
      .addColumn('config_version', 'integer', (col) => col.notNull())
      .addColumn('config_etag', 'text', (col) => col.notNull())
      .addColumn('locale', 'text', (col) => col.notNull())
      .addColumn('page', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('ip_hash', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('consent_records_site_id')
      .on('consent_records')
      .columns(['site_id', 'id desc'])
      .execute();
    await db.schema
      .createIndex('consent_records_site_consent_id')
      .on('consent_records')
      .columns(['site_id', 'consent_id', 'id desc'])
      .execute();
    await db.schema
      .createIndex('consent_records_site_created')
      .on('consent_records')
      .columns(['site_id', 'created_at'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('consent_records').execute();
    await db.schema.dropTable('consent_config_snapshots').execute();
    await db.schema.dropTable('consent_record_settings').execute();
  },
};
