import type { Kysely, Migration } from 'kysely';

/**
 * Issue 42: revision snapshots stored by content (store/revision-snapshots.ts, decision 060).
 * `revision_parts` holds each long text of a snapshot once per resource, by its SHA-256; a
 * revision's `snapshot` keeps the rest and names its parts (`$parts`). Snapshots written before
 * this migration stay whole and read as before: nothing is rewritten.
 */
export const revisionPartsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('revision_parts')
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('resource', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('revision_parts_pkey', [
        'site_id',
        'resource',
        'resource_id',
        'hash',
      ])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('revision_parts').execute();
  },
};
