import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * SQLite only: the search index moves to its own file (decision 032; log-search-file.ts creates
 * it, attached as `search`, when the database opens). The index and watermark in the log file
 * (migrations 002 and 005) go; the new file starts empty at watermark 0 and the indexer catches
 * up, searches scanning the rows above the watermark meanwhile, so they answer the same.
 */
export const logSearchFileMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'sqlite') return;
    await sql`drop table if exists main.app_logs_fts`.execute(db);
    await sql`drop table if exists main.app_logs_fts_state`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'sqlite') return;
    // An empty index at watermark 0 is complete: the old indexer fills it from there.
    await sql`create virtual table main.app_logs_fts using fts5(search, content='', contentless_delete=1, tokenize='trigram')`.execute(
      db,
    );
    await sql`create table main.app_logs_fts_state (
      id integer primary key check (id = 1),
      indexed_id integer not null
    )`.execute(db);
    await sql`insert into main.app_logs_fts_state (id, indexed_id) values (1, 0)`.execute(db);
  },
};
