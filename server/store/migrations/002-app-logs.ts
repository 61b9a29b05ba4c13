import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * The app log table and its indexes. Indexes were chosen by measurement (bench/api.ts,
 * docs/decisions/002-log-storage-and-search.md):
 * - (app_id, time_us), unique: the tail (`since`, ascending) and the newest-first page walk it
 *   in order and stop after `limit` rows; uniqueness also guards "strictly increasing per app".
 * - (app_id, job, time_us) partial on job: the `job` filter reads only that job's rows in order.
 * - SQLite only: `app_logs_fts`, a contentless FTS5 trigram index of `search` (rowid = id), that
 *   `q` uses past its scan budget (store/app-logs-sqlite.ts). A PostgreSQL dialect would create
 *   a pg_trgm GIN index on `search` instead.
 * Pruning deletes per app through the (app_id, time_us) index, so no index on time alone.
 */
export const appLogsMigration: Migration = {
  // Migrations see the schema of their own time, not today's Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('app_logs')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('app_id', 'integer', (col) =>
        col.notNull().references('apps.id').onDelete('cascade'),
      )
      .addColumn('time_us', 'bigint', (col) => col.notNull())
      .addColumn('level', 'integer', (col) => col.notNull())
      .addColumn('job', 'text')
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('context', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('search', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createIndex('app_logs_app_time')
      .on('app_logs')
      .columns(['app_id', 'time_us'])
      .unique()
      .execute();

    await db.schema
      .createIndex('app_logs_app_job_time')
      .on('app_logs')
      .columns(['app_id', 'job', 'time_us'])
      .where(sql.ref('job'), 'is not', null)
      .execute();

    // --- SQLite only ----------------------------------------------------------------------
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`create virtual table app_logs_fts using fts5(search, content='', contentless_delete=1, tokenize='trigram')`.execute(
        db,
      );
      // Merge index segments 16 at a time instead of 4: a 500-entry insert into a 200,000-row
      // index took 4.3 ms instead of 15.8 ms (median, interleaved runs), with the same query time.
      await sql`insert into app_logs_fts (app_logs_fts, rank) values ('automerge', 16)`.execute(db);
    }
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>): Promise<void> {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await sql`drop table if exists app_logs_fts`.execute(db);
    }
    await db.schema.dropTable('app_logs').execute();
  },
};
