import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 26, decision 040: the `level` filter (and `level` with `job`) walked the (app_id,
 * time_us) index and read every row of the app that did not match: `level=fatal` on an app of
 * 610,626 info entries took 14 s cold and 1.1-1.7 s warm, on SQLite all of it on the event loop.
 * With these indexes the query reads one range per level at or above the filter's
 * (app-logs-walk.ts): at most `limit` entries of each, whatever the app holds.
 * - (app_id, level, time_us): `level`, with or without `since`/`before`.
 * - (app_id, job, level, time_us), partial on job as the job index of 002: `level` with `job`.
 * Both engines; on PostgreSQL each partition gets them.
 */
export const logLevelIndexesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await sql`create index app_logs_app_level_time on app_logs (app_id, level, time_us)`.execute(
      db,
    );
    await sql`create index app_logs_app_job_level_time on app_logs (app_id, job, level, time_us) where job is not null`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop index app_logs_app_job_level_time`.execute(db);
    await sql`drop index app_logs_app_level_time`.execute(db);
  },
};
