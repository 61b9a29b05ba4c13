import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 41, decision 070: `alerts`, a site's alert rules on its app logs.
 *
 * - `app_key`: the app the rule counts entries of (apps are never deleted);
 * - `rule`: JSON text of the whole rule as the API takes it (query, condition, notify…), read
 *   and written only by server/alerts/store/alerts.ts;
 * - `enabled`, `every_minutes`: copied out of the rule for the evaluator's scan;
 * - `version`: grows with every change, for `If-Match` (ETag).
 */
export const alertsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    const autoId =
      engineOf(db) === 'postgres'
        ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
        : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
    await db.schema
      .createTable('alerts')
      .addColumn('id', 'integer', autoId)
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('app_key', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('rule', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('every_minutes', 'integer', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('alerts_site').on('alerts').columns(['site_id', 'id']).execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('alerts').execute();
  },
};
