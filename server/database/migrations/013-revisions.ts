import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 29, decision 048: `revisions`, one row per successful write, inserted in the write's
 * transaction (store/revisions.ts).
 *
 * - who: `actor_user_id`, `actor_email` (as it was then) and `token_id` (never the secret);
 * - what: `resource` + `resource_id`, `changes` (JSON text: `[{ field, before, after, … }]`, large
 *   values cut) and, for notifications, `snapshot`: the whole notification after the write,
 *   translations included (JSON text), so a version can be shown and restored.
 *
 * Indexed for the feed (site, id desc), per resource and per actor. No foreign keys: a revision
 * outlives what it describes (a deleted user, app or notification keeps its history).
 */
export const revisionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    const autoId =
      engineOf(db) === 'postgres'
        ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
        : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
    await db.schema
      .createTable('revisions')
      .addColumn('id', 'integer', autoId)
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('resource', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text', (col) => col.notNull())
      .addColumn('actor_user_id', 'integer', (col) => col.notNull())
      .addColumn('actor_email', 'text', (col) => col.notNull())
      .addColumn('token_id', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('changes', 'text', (col) => col.notNull())
      .addColumn('snapshot', 'text')
      .execute();
    await db.schema
      .createIndex('revisions_site_id')
      .on('revisions')
      .columns(['site_id', 'id desc'])
      .execute();
    await db.schema
      .createIndex('revisions_site_resource')
      .on('revisions')
      .columns(['site_id', 'resource', 'resource_id', 'id desc'])
      .execute();
    await db.schema
      .createIndex('revisions_site_actor')
      .on('revisions')
      .columns(['site_id', 'actor_email', 'id desc'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('revisions').execute();
  },
};
