import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * The log volume rollup (logs/store/app-logs-rollup.ts, decision 024): how many entries each app has
 * per minute and level, in all (`job_key` '') and per job (`job_key` '=' and the job's name),
 * kept by ingestion and retention in the same transactions as the rows, so the volume route sums
 * 1,440 minutes per level for 24 h instead of counting every row. The key starts with the job so
 * that one filter's minutes are one range. Both engines; a plain table on PostgreSQL too (it is
 * small: minutes × levels × (jobs + 1)). Filled from the rows already stored.
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
      job_key text not null,
      entries integer not null,
      primary key (app_id, job_key, minute_us, level)
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
  await sql`insert into app_log_minutes (app_id, job_key, minute_us, level, entries)
    select app_id, '', time_us - time_us % 60000000, level, count(*)
    from app_logs group by app_id, time_us - time_us % 60000000, level
    union all
    select app_id, '=' || job, time_us - time_us % 60000000, level, count(*)
    from app_logs where job is not null
    group by app_id, job, time_us - time_us % 60000000, level`.execute(db);
}
