import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * SQLite only: the search index's watermark (decision 023). `app_logs_fts` is filled off the
 * ingestion's commit path by the indexer (logs/search/log-search-indexer.ts); the one row of
 * `app_logs_fts_state` holds the highest `app_logs.id` it has indexed, updated in the same
 * transaction as the index rows, so every row at or below it is in the index and a `q` scans
 * the rows above it. Rows that exist now were indexed with their insert: the watermark starts
 * at the last of them. PostgreSQL's trigram index is maintained by the table: nothing to do.
 */
export const logSearchWatermarkMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'sqlite') return;
    await sql`create table app_logs_fts_state (
      id integer primary key check (id = 1),
      indexed_id integer not null
    )`.execute(db);
    await sql`insert into app_logs_fts_state (id, indexed_id)
      select 1, coalesce(max(id), 0) from app_logs`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'sqlite') return;
    // Rows above the watermark are not in the index, which every search without it assumes.
    await sql`insert into app_logs_fts (rowid, search)
      select id, search from app_logs where id > (select indexed_id from app_logs_fts_state)`.execute(
      db,
    );
    await sql`drop table app_logs_fts_state`.execute(db);
  },
};
