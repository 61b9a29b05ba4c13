/**
 * The PostgreSQL log store (the LogStore of log-store.ts): the SQL of app logs only PostgreSQL
 * speaks. The table (migration 002) is range-partitioned by `time_us`, one partition per UTC day
 * plus a default partition for anything outside them; see docs/decisions/012.
 *
 * - Text search: `strpos` on the pre-lowered `search` column decides, as `instr` does on SQLite;
 *   past the scan budget, candidates come from a pg_trgm GIN index on `search` through
 *   `like '%term%'`. The index only narrows, `strpos` still decides, so the rule is SQLite's.
 * - Ingestion into one app is serialized across processes by a transaction advisory lock keyed
 *   on the app, so commit times stay strictly increasing per app with several instances.
 * - Retention drops whole day partitions and deletes only the rest.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { NewLogRow } from './app-logs-table';
import type { Database } from './db';
import { removeFromRollup } from './app-logs-rollup';
import { runWithGenericPlan } from './postgres';

/** First key of the two-key advisory locks of this store; the second is the app id or 0. */
const LOCK_SPACE = 7_310_002;
const PARTITION_LOCK = 0;

const US_PER_DAY = 86_400_000_000;
/** Partitions exist from today to this many days ahead; `prepare` runs at start and hourly. */
const DAYS_AHEAD = 3;

/** PostgreSQL's SQLSTATEs this store recognizes. */
const UNIQUE_VIOLATION = '23505';
const QUERY_CANCELED = '57014';

function sqlState(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
}

async function lockApp(db: Kysely<Database>, appId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${appId})`.execute(db);
}

/** True when the row's lower-cased search text contains `term` (already lower-cased). */
function searchContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`strpos(search, ${term}) > 0`;
}

/** `term` as a LIKE pattern that matches it anywhere, its wildcards escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Rows whose search text may contain every term, by the trigram index (`like` is what pg_trgm's
 * GIN index answers). With a `deadline` (epoch ms), a row checked past it fails the statement
 * with `query_canceled` (the function of migration 002), as a statement_timeout would.
 */
function searchIndexCandidates(terms: readonly string[], deadline?: number): Expression<SqlBool> {
  const likes = terms.map((term) => sql`search like ${containsPattern(term)}`);
  const all = sql.join(likes, sql` and `);
  if (deadline === undefined) return sql<SqlBool>`(${all})`;
  return sql<SqlBool>`(${all} and ${withinDeadline(deadline)})`;
}

function withinDeadline(deadline: number): Expression<SqlBool> {
  return sql<SqlBool>`site_console_within_deadline(${deadline}::float8)`;
}

function searchTimedOut(error: unknown): boolean {
  return sqlState(error) === QUERY_CANCELED;
}

function isDuplicateTime(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

/**
 * `app_id + 0`: the same value, but the planner cannot walk the (app_id, time_us) index with it.
 * `time_us` stays plain: partition pruning needs it, and without `app_id` the index is no use.
 */
function notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number> {
  return column === 'app_id' ? sql<number>`(app_id + 0)` : sql<number>`${sql.ref(column)}`;
}

/**
 * `work_mem` of an ingest transaction. A batch that finds the trigram index's pending list full
 * (gin_pending_list_limit, 4 MB) merges it into the index itself, accumulating at most work_mem
 * at a time: at the default 4 MB that takes several passes over the index, at 16 MB one.
 * 500-entry batches into one app took 1.45× less time in all (bench/api.ts, decision 025).
 */
const INGEST_WORK_MEM = '16MB';

/**
 * Inserts rows of ONE app (times unique) in one statement over arrays: one statement text for
 * every batch size, eight parameters whatever the size. Returns their ids and times. In the
 * caller's transaction, work_mem is INGEST_WORK_MEM until it ends.
 */
async function insertRows(
  db: Kysely<Database>,
  rows: readonly NewLogRow[],
): Promise<Array<{ id: number; time_us: number }>> {
  const first = rows[0];
  if (first === undefined) return [];
  await sql`select set_config('work_mem', ${INGEST_WORK_MEM}, true)`.execute(db);
  const result = await sql<{ id: number; time_us: number }>`
    insert into app_logs (app_id, time_us, level, job, data, context, created_at, search)
    select ${first.app_id}::integer, t, l, j, d::json, c::json, ca, s
    from unnest(
      ${rows.map((row) => row.time_us)}::int8[], ${rows.map((row) => row.level)}::int4[],
      ${rows.map((row) => row.job ?? null)}::text[], ${rows.map((row) => row.data)}::text[],
      ${rows.map((row) => row.context ?? null)}::text[], ${rows.map((row) => row.created_at)}::text[],
      ${rows.map((row) => row.search)}::text[]
    ) as u(t, l, j, d, c, ca, s)
    returning id, time_us`.execute(db);
  return result.rows;
}

/** The UTC day partition holding `timeUs`: its name and bounds (µs, upper exclusive). */
function dayPartition(timeUs: number): { name: string; lowUs: number; highUs: number } {
  const lowUs = Math.floor(timeUs / US_PER_DAY) * US_PER_DAY;
  const day = new Date(lowUs / 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return { name: `app_logs_d${day}`, lowUs, highUs: lowUs + US_PER_DAY };
}

/**
 * Creates the day partition holding `timeUs` unless it exists. Rows already in the default
 * partition for that day (written while it was missing) move into it first, since PostgreSQL
 * refuses to attach a range the default partition has rows in. Instances take turns (an advisory
 * lock), so two creating the same day at once is no error.
 */
export async function ensureDayPartition(db: Kysely<Database>, timeUs: number): Promise<void> {
  const { name, lowUs, highUs } = dayPartition(timeUs);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${PARTITION_LOCK})`.execute(trx);
    const exists = await sql<{
      found: string | null;
    }>`select to_regclass(${name})::text as found`.execute(trx);
    if (exists.rows[0]?.found != null) return;
    const table = sql.table(name);
    await sql`create table ${table} (like app_logs including defaults)`.execute(trx);
    await sql`with moved as (delete from app_logs_default where time_us >= ${lowUs} and time_us < ${highUs} returning *)
      insert into ${table} select * from moved`.execute(trx);
    await sql`alter table app_logs attach partition ${table} for values from (${sql.lit(lowUs)}) to (${sql.lit(highUs)})`.execute(
      trx,
    );
  });
}

/** Creates the partitions of today and the next DAYS_AHEAD days. */
async function prepare(db: Kysely<Database>, nowUs: number): Promise<void> {
  for (let day = 0; day <= DAYS_AHEAD; day += 1) {
    await ensureDayPartition(db, nowUs + day * US_PER_DAY);
  }
}

/**
 * Deletes entries older than `cutoffUs`: day partitions wholly before it are dropped (no row by
 * row delete, no dead tuples to vacuum), the rest deleted; each step takes its rows out of the
 * volume rollup in its own transaction.
 */
async function prune(db: Kysely<Database>, cutoffUs: number): Promise<number> {
  const partitions = await sql<{ name: string }>`
    select child.relname as name from pg_inherits
    join pg_class child on child.oid = pg_inherits.inhrelid
    where pg_inherits.inhparent = 'app_logs'::regclass and child.relname like 'app_logs_d%'`.execute(
    db,
  );
  let deleted = 0;
  for (const { name } of partitions.rows) {
    const day = /^app_logs_d(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!day) continue;
    const highUs = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) * 1000 + US_PER_DAY;
    if (highUs > cutoffUs) continue;
    deleted += await db.transaction().execute(async (trx) => {
      const table = sql.table(name);
      const counted = await sql<{ rows: string }>`select count(*) as rows from ${table}`.execute(
        trx,
      );
      await removeFromRollup(trx, { fromUs: highUs - US_PER_DAY, cutoffUs: highUs });
      await sql`drop table ${table}`.execute(trx);
      // count(*) is a bigint, which pg returns as a string.
      return Number(counted.rows[0]?.rows ?? 0);
    });
  }
  const rest = await db.transaction().execute(async (trx) => {
    await removeFromRollup(trx, { cutoffUs });
    return trx.deleteFrom('app_logs').where('time_us', '<', cutoffUs).executeTakeFirst();
  });
  return deleted + Number(rest.numDeletedRows);
}

/** The LogStore of log-store.ts for PostgreSQL (checked against the interface there). */
export const postgresLogStore = {
  lockApp,
  insertRows,
  probesIndexFirst: true,
  runWalk: runWithGenericPlan,
  searchContains,
  searchIndexCandidates,
  withinDeadline,
  searchTimedOut,
  notIndexed,
  prune,
  prepare,
  isDuplicateTime,
};
