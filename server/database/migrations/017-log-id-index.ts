import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Decision 052: "Show context" finds an entry by its id. On SQLite the id is the rowid; on
 * PostgreSQL `app_logs` has no key on id (it is partitioned by time), so a lookup read every
 * partition. An index on id (each partition gets it) makes it one seek per partition.
 */
export const logIdIndexMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`create index app_logs_id on app_logs (id)`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`drop index app_logs_id`.execute(db);
  },
};
