import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * The log volume rollup (store/app-logs-rollup.ts, decision 024): how many entries each app has
 * per (minute, level, job), kept by ingestion and retention in the same transactions as the rows,
 * so the volume route sums at most 1,440 minutes per level and job for 24 h instead of counting
 * every row. `job` is '' for entries without one (a `job` filter is never empty). Both engines; a
 * plain table on PostgreSQL too (it is small: minutes × levels × jobs). Filled from the rows
 * already stored.
 */
export const logMinutesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    // SQLite: without rowid, the rows live in the key's b-tree, so a range of minutes reads
    // `entries` there instead of looking each row up by rowid.
    const withoutRowid = engineOf(db) === 'sqlite' ? sql` without rowid` : sql``;
    await sql`create table app_log_minutes (
      app_id integer not null references apps (id) on delete cascade,
      minute_us bigint not null,
      level integer not null,
      job text not null,
      entries integer not null,
      primary key (app_id, minute_us, level, job)
    )${withoutRowid}`.execute(db);
    await fillLogMinutes(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop table app_log_minutes`.execute(db);
  },
};

/** Counts every stored row into the (empty) rollup; the benchmark fills its tables with it too. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
export async function fillLogMinutes(db: Kysely<any>): Promise<void> {
  await sql`insert into app_log_minutes (app_id, minute_us, level, job, entries)
    select app_id, time_us - time_us % 60000000, level, coalesce(job, ''), count(*)
    from app_logs group by app_id, time_us - time_us % 60000000, level, coalesce(job, '')`.execute(
    db,
  );
}
