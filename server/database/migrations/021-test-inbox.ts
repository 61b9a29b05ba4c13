import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 39, decision 063: `test_inbox`, the test sends the service kept itself because no
 * `SMTP_URL` is set (the last 100 per site; store/test-inbox.ts trims on every insert).
 *
 * - `raw`: the whole message as nodemailer wrote it (headers and MIME parts), what "raw source"
 *   shows; `html`/`text` are the parts as rendered, kept apart so reading one needs no MIME parser;
 * - `spam`: JSON of the SpamAssassin verdict at delivery, or null when no spamd answered.
 */
export const testInboxMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    const autoId =
      engineOf(db) === 'postgres'
        ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
        : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
    await db.schema
      .createTable('test_inbox')
      .addColumn('id', 'integer', autoId)
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('notification_slug', 'text', (col) => col.notNull())
      .addColumn('locale', 'text')
      .addColumn('from_address', 'text', (col) => col.notNull())
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text_part', 'text', (col) => col.notNull())
      .addColumn('html_part', 'text')
      .addColumn('raw', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('spam', 'text')
      .addColumn('received_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('test_inbox_site_id')
      .on('test_inbox')
      .columns(['site_id', 'id'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('test_inbox').execute();
  },
};
