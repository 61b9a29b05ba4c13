import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The log volume count (logs/store/app-logs-volume.ts) groups an app's entries of a time range by
 * level: with `level` in the index the count reads the index alone, not every row (decision 019).
 * Both engines; on PostgreSQL the index is created on each partition.
 */
export const logVolumeIndexMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await sql`create index app_logs_app_time_level on app_logs (app_id, time_us, level)`.execute(
      db,
    );
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop index app_logs_app_time_level`.execute(db);
  },
};
