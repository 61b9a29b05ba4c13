import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * PostgreSQL only: the trigram index leaves the ingestion's commit path (decision 030).
 * - `app_log_search` holds the search text of the indexed rows, with the pg_trgm GIN index that
 *   was on `app_logs.search`; partitioned by `time_us` like `app_logs`, with day partitions of
 *   the same names (`app_log_search_dYYYYMMDD`), so retention drops both days together.
 * - `app_log_search_state` holds each app's watermark: every row of the app with `time_us` at or
 *   below `indexed_us` is in `app_log_search`. Ingestion commits an app's rows in time order
 *   (the app's advisory lock), so the indexer copies the rows above it in time order and moves
 *   it in the same statement (log-search-indexer-postgres.ts).
 * Existing rows are copied now (the old index had them all), each app's watermark at its last.
 */
export const logSearchPostgresMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`create table app_log_search (
      app_id integer not null references apps (id) on delete cascade,
      time_us bigint not null,
      search text not null
    ) partition by range (time_us)`.execute(db);
    await sql`create table app_log_search_default partition of app_log_search default`.execute(db);
    const days = await sql<{ name: string; bound: string }>`
      select child.relname as name, pg_get_expr(child.relpartbound, child.oid) as bound
      from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent = 'app_logs'::regclass and child.relname ~ '^app_logs_d[0-9]{8}$'`.execute(
      db,
    );
    for (const { name, bound } of days.rows) {
      const searchName = name.replace(/^app_logs_d/, 'app_log_search_d');
      // `bound` is PostgreSQL's own text of the partition's range (FOR VALUES FROM … TO …).
      await sql`create table ${sql.table(searchName)} partition of app_log_search ${sql.raw(bound)}`.execute(
        db,
      );
    }
    await sql`insert into app_log_search (app_id, time_us, search)
      select app_id, time_us, search from app_logs`.execute(db);
    await sql`create table app_log_search_state (
      app_id integer primary key references apps (id) on delete cascade,
      indexed_us bigint not null
    )`.execute(db);
    await sql`insert into app_log_search_state (app_id, indexed_us)
      select id, coalesce((select max(time_us) from app_logs where app_id = apps.id), 0) from apps`.execute(
      db,
    );
    await sql`drop index app_logs_search`.execute(db);
    await sql`create index app_log_search_trgm on app_log_search using gin (search gin_trgm_ops)`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`create index app_logs_search on app_logs using gin (search gin_trgm_ops)`.execute(db);
    await sql`drop table app_log_search_state`.execute(db);
    await sql`drop table app_log_search`.execute(db);
  },
};
