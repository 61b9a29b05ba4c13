import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 30, decision 053: `log_views`, a user's saved log queries on a site.
 *
 * - `app_id`: the app key the view is for, or null for any app of the site;
 * - `query`: JSON text of the query (q, level, job, job_match, range, since, before), read and
 *   written only by store/log-views.ts;
 * - `version`: grows with every change, for `If-Match` (ETag).
 *
 * One name per user and site (a unique index, which also decides between two instances that
 * save the same name at once). No foreign keys to apps: a view names an app key, and apps are
 * never deleted; a removed membership leaves the user's views unreachable but harmless.
 */
export const logViewsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    const autoId =
      engineOf(db) === 'postgres'
        ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
        : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
    await db.schema
      .createTable('log_views')
      .addColumn('id', 'integer', autoId)
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('app_id', 'text')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('query', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('log_views_site_user_name')
      .on('log_views')
      .columns(['site_id', 'user_id', 'name'])
      .unique()
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('log_views').execute();
  },
};
