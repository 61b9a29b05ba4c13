import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 28, decision 045: a site's languages and the translations of its notifications.
 *
 * - `sites` gains `default_locale` ('en'), `locales` (JSON text, `["en"]`), and `updated_at` and
 *   `version` so `PATCH /settings/site` is a versioned write like the others (ETag/If-Match).
 * - `notification_translations`: one row per notification and non-default locale with the
 *   translated subject, text and html, and `based_on_*`, the default's content the translation was
 *   last saved against (`outdated` is derived from it). Deleted with its notification.
 *
 * Existing notifications keep their content: it is the default ('en') language's.
 */
export const siteLocalesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('sites')
      .addColumn('default_locale', 'text', (col) => col.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('locales', 'text', (col) => col.notNull().defaultTo('["en"]'))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('sites')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await sql`update sites set updated_at = created_at`.execute(db);

    await db.schema
      .createTable('notification_translations')
      .addColumn('notification_id', 'text', (col) =>
        col.notNull().references('notifications.id').onDelete('cascade'),
      )
      .addColumn('locale', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      .addColumn('based_on_subject', 'text', (col) => col.notNull())
      .addColumn('based_on_text', 'text', (col) => col.notNull())
      .addColumn('based_on_html', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_translations_pk', ['notification_id', 'locale'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('notification_translations').execute();
    for (const column of ['version', 'updated_at', 'locales', 'default_locale']) {
      await db.schema.alterTable('sites').dropColumn(column).execute();
    }
  },
};
