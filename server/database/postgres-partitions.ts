/**
 * The day partitions of PostgreSQL's log tables (`app_logs` and `app_log_search`, partitioned by
 * `time_us` in migrations 002 and 007): schema upkeep beside the migrations, run when migrating
 * (migrate.ts) and hourly by retention through the log store's `prepare` (decision 012). Here in
 * the store rather than in the log wing because migrating needs it and the store imports nothing
 * above itself (decision 043).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** First key of the two-key advisory locks of the log store; the second is the app id or 0. */
export const LOCK_SPACE = 7_310_002;
const PARTITION_LOCK = 0;

export const US_PER_DAY = 86_400_000_000;
/** Partitions exist from today to this many days ahead. */
const DAYS_AHEAD = 3;

/** The UTC day holding `timeUs`: its partitions' suffix and bounds (µs, upper exclusive). */
function dayPartition(timeUs: number): { day: string; lowUs: number; highUs: number } {
  const lowUs = Math.floor(timeUs / US_PER_DAY) * US_PER_DAY;
  const day = new Date(lowUs / 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return { day, lowUs, highUs: lowUs + US_PER_DAY };
}

/** The tables partitioned by day: the rows, and the search text of the indexed ones. */
const DAY_PARTITIONED = ['app_logs', 'app_log_search'] as const;

/**
 * Creates the day partitions (of `app_logs` and `app_log_search`) holding `timeUs` unless they
 * exist. Rows already in a default partition for that day (written while it was missing) move
 * into it first, since PostgreSQL refuses to attach a range the default partition has rows in.
 * Instances take turns (an advisory lock), so two creating the same day at once is no error.
 */
export async function ensureDayPartition(db: Kysely<Database>, timeUs: number): Promise<void> {
  const { day, lowUs, highUs } = dayPartition(timeUs);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${PARTITION_LOCK})`.execute(trx);
    for (const parent of DAY_PARTITIONED) {
      const name = `${parent}_d${day}`;
      const exists = await sql<{
        found: string | null;
      }>`select to_regclass(${name})::text as found`.execute(trx);
      if (exists.rows[0]?.found != null) continue;
      const table = sql.table(name);
      await sql`create table ${table} (like ${sql.table(parent)} including defaults)`.execute(trx);
      await sql`with moved as (delete from ${sql.table(`${parent}_default`)} where time_us >= ${lowUs} and time_us < ${highUs} returning *)
        insert into ${table} select * from moved`.execute(trx);
      await sql`alter table ${sql.table(parent)} attach partition ${table} for values from (${sql.lit(lowUs)}) to (${sql.lit(highUs)})`.execute(
        trx,
      );
    }
  });
}

/** Creates the partitions of today and the next DAYS_AHEAD days (at start and hourly). */
export async function prepareDayPartitions(db: Kysely<Database>, nowUs: number): Promise<void> {
  for (let day = 0; day <= DAYS_AHEAD; day += 1) {
    await ensureDayPartition(db, nowUs + day * US_PER_DAY);
  }
}
