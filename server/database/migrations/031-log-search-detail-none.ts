import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * SQLite only: the search index `search.app_logs_fts` (the search file, decision 032) keeps which
 * rows hold each trigram, not where (`detail=none`, decision 098), and holds a chunk's terms in
 * memory before writing them (`hashsize` 8 MiB): the indexer's worker spends less CPU per entry
 * beside ingestion, and searches ask for a term's trigrams ANDed instead of a
 * phrase (log-search-file.ts's trigramMatch), `instr` on the row deciding as before.
 *
 * The index is carried over, not started again: the rows at or below the watermark are indexed
 * anew from the log in the migration, so no search reads more unindexed rows after it than
 * before. The watermark stays; index rows of deleted log rows are not carried (nothing to sweep).
 * Down: the same with `detail=full`, which the queries before this migration need (phrases).
 */
async function rebuildIndex(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  db: Kysely<any>,
  detail: 'full' | 'none',
): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`drop table if exists search.app_logs_fts`.execute(db);
  await sql
    .raw(
      `create virtual table search.app_logs_fts using fts5(search, content='', contentless_delete=1, tokenize='trigram', detail=${detail})`,
    )
    .execute(db);
  // Merge index segments 16 at a time instead of 4 (decision 002).
  await sql`insert into search.app_logs_fts (app_logs_fts, rank) values ('automerge', 16)`.execute(
    db,
  );
  // A chunk's terms in memory (8 MiB, default 1 MiB): one segment per chunk (decision 098).
  if (detail === 'none') {
    await sql`insert into search.app_logs_fts (app_logs_fts, rank) values ('hashsize', 8388608)`.execute(
      db,
    );
  }
  await sql`insert into search.app_logs_fts (rowid, search)
    select id, search from main.app_logs
    where id <= (select indexed_id from search.app_logs_fts_state)`.execute(db);
}

export const logSearchDetailNoneMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await rebuildIndex(db, 'none');
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await rebuildIndex(db, 'full');
  },
};
