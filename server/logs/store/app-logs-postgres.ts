/**
 * The PostgreSQL log store (the LogStore of log-store.ts): the SQL of app logs only PostgreSQL
 * speaks. The table (migration 002) is range-partitioned by `time_us`, one partition per UTC day
 * plus a default partition for anything outside them; see docs/decisions/012.
 *
 * - Text search: `strpos` on the pre-lowered `search` column decides, as `instr` does on SQLite;
 *   past the scan budget, candidates come from the pg_trgm GIN index of `app_log_search` through
 *   `like '%term%'`, plus the rows above the app's watermark. The index only narrows, `strpos`
 *   still decides, so the rule is SQLite's. `app_log_search` is filled off the commit path
 *   (log-search-indexer-postgres.ts, decision 030).
 * - Ingestion into one app is serialized across processes by a transaction advisory lock keyed
 *   on the app, so commit times stay strictly increasing per app with several instances; the
 *   lock, the last time, the insert and the rollup are one statement (migration 008).
 * - Retention drops whole day partitions and deletes only the rest.
 */
import {
  sql,
  type CompiledQuery,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { AppendedRows, NewLogRow, PendingLogRow, SearchScope } from './app-logs-table';
import type { Database } from '../../database/schema';
import { removeFromRollup } from './app-logs-rollup';
import type { LogStore } from './log-store';
import { runWithGenericPlan } from '../../database/postgres';
import { walkItemOf, type SizedLogRow } from './app-logs-sized-rows';
import { LOCK_SPACE, prepareDayPartitions, US_PER_DAY } from '../../database/postgres-partitions';

/** PostgreSQL's SQLSTATEs this store recognizes. */
const UNIQUE_VIOLATION = '23505';
const QUERY_CANCELED = '57014';

function sqlState(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
}

/**
 * Appends a batch through `site_console_append_logs` (migration 008): the app's advisory lock,
 * its last time read after it, the insert and the rollup in one statement, so the lock is held
 * for no client round trip (decision 033). Arrays for the columns: one statement text for every
 * batch size.
 */
async function appendRows(
  db: Kysely<Database>,
  appId: number,
  rows: readonly PendingLogRow[],
  nowUs: number,
): Promise<AppendedRows> {
  const result = await sql<{ id: number; time_us: number; previous_us: number }>`
    select id, time_us, previous_us from site_console_append_logs(
      ${LOCK_SPACE}, ${appId}, ${nowUs}, ${rows.map((row) => row.level)}::int4[],
      ${rows.map((row) => row.job ?? null)}::text[], ${rows.map((row) => row.data)}::text[],
      ${rows.map((row) => row.context ?? null)}::text[], ${rows.map((row) => row.created_at)}::text[],
      ${rows.map((row) => row.search)}::text[])`.execute(db);
  const first = result.rows[0];
  return {
    previousUs: first?.previous_us ?? 0,
    firstUs: first?.time_us ?? nowUs,
    ids: result.rows.map((row) => row.id),
  };
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
 * The app's rows of the range whose search text may contain every term: the times the trigram
 * index of `app_log_search` finds (`like` is what pg_trgm's GIN index answers) and the times of
 * the rows above the app's watermark, not indexed yet (decision 030). Both are read by one
 * subquery, evaluated once into an array, so the row is then found through the (app_id, time_us)
 * index; it is in the outer statement, so watermark, index and rows are one snapshot. With a
 * `deadline` (epoch ms), a candidate checked past it fails the statement with `query_canceled`
 * (the function of migration 002), as a statement_timeout would.
 */
function searchIndexCandidates(
  terms: readonly string[],
  scope: SearchScope,
  deadline?: number,
): Expression<SqlBool> {
  const { appId, lowUs, highUs } = scope;
  const low = lowUs === undefined ? sql`` : sql` and time_us >= ${lowUs}`;
  const high = highUs === undefined ? sql`` : sql` and time_us < ${highUs}`;
  const likes = terms.map((term) => sql` and search like ${containsPattern(term)}`);
  const inTime = deadline === undefined ? sql`` : sql` and ${withinDeadline(deadline)}`;
  return sql<SqlBool>`(time_us = any(array(
    select time_us from app_log_search where app_id = ${appId}${low}${high}${sql.join(likes, sql``)}${inTime}
    union all
    select time_us from app_logs where app_id = ${appId}${low}${high}
      and time_us > coalesce((select indexed_us from app_log_search_state where app_id = ${appId}), 0)
  ))${inTime})`;
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
 * The columns as they are: the index step's candidates arrive as one array of times
 * (searchIndexCandidates), which the (app_id, time_us) index looks up; `time_us` plain also
 * keeps partition pruning.
 */
function notIndexed(column: 'app_id' | 'time_us'): RawBuilder<number> {
  return sql<number>`${sql.ref(column)}`;
}

/**
 * Inserts rows of ONE app (times unique, placed at times the caller chose) in one statement over
 * arrays: one statement text for every batch size, eight parameters whatever the size. Returns
 * their ids and times. Rows at or below the app's watermark are indexed now, since the indexer
 * only looks above it (decision 030). The watermark is read by an upsert, which holds its row
 * until the caller's transaction ends, so the indexer cannot move it past rows it does not see
 * yet; the upsert also takes the app's row `for key share`, so the app is not deleted before
 * then (`app_logs` has no foreign key: migration 008).
 */
async function insertRows(
  db: Kysely<Database>,
  rows: readonly NewLogRow[],
): Promise<Array<{ id: number; time_us: number }>> {
  const first = rows[0];
  if (first === undefined) return [];
  const appId = first.app_id;
  const watermark = await sql<{ indexed_us: number }>`
    insert into app_log_search_state (app_id, indexed_us)
    select id, 0 from apps where id = ${appId} for key share
    on conflict (app_id) do update set indexed_us = app_log_search_state.indexed_us
    returning indexed_us`.execute(db);
  const state = watermark.rows[0];
  if (state === undefined) throw new Error(`app_logs: no app ${String(appId)}`);
  const result = await sql<{ id: number; time_us: number }>`
    insert into app_logs (app_id, time_us, level, job, data, context, created_at, search)
    select ${appId}::integer, t, l, j, d::json, c::json, ca, s
    from unnest(
      ${rows.map((row) => row.time_us)}::int8[], ${rows.map((row) => row.level)}::int4[],
      ${rows.map((row) => row.job ?? null)}::text[], ${rows.map((row) => row.data)}::text[],
      ${rows.map((row) => row.context ?? null)}::text[], ${rows.map((row) => row.created_at)}::text[],
      ${rows.map((row) => row.search)}::text[]
    ) as u(t, l, j, d, c, ca, s)
    returning id, time_us`.execute(db);
  const below = rows.filter((row) => row.time_us <= state.indexed_us);
  if (below.length > 0) {
    await sql`insert into app_log_search (app_id, time_us, search)
      select ${appId}::integer, t, s from unnest(
        ${below.map((row) => row.time_us)}::int8[], ${below.map((row) => row.search)}::text[]
      ) as u(t, s)`.execute(db);
  }
  return result.rows;
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
      const searchTable = name.replace(/^app_logs_d/, 'app_log_search_d');
      await sql`drop table if exists ${sql.table(searchTable)}`.execute(trx);
      // count(*) is a bigint, which pg returns as a string.
      return Number(counted.rows[0]?.rows ?? 0);
    });
  }
  const rest = await db.transaction().execute(async (trx) => {
    await removeFromRollup(trx, { cutoffUs });
    await sql`delete from app_log_search where time_us < ${cutoffUs}`.execute(trx);
    return trx.deleteFrom('app_logs').where('time_us', '<', cutoffUs).executeTakeFirst();
  });
  return deleted + Number(rest.numDeletedRows);
}

/** One app's entries older than `cutoffUs` (retention by size), its search rows and minutes. */
async function pruneApp(db: Kysely<Database>, appId: number, cutoffUs: number): Promise<number> {
  const result = await db.transaction().execute(async (trx) => {
    await removeFromRollup(trx, { cutoffUs, appId });
    await sql`delete from app_log_search where app_id = ${appId} and time_us < ${cutoffUs}`.execute(
      trx,
    );
    return trx
      .deleteFrom('app_logs')
      .where('app_id', '=', appId)
      .where('time_us', '<', cutoffUs)
      .executeTakeFirst();
  });
  return Number(result.numDeletedRows);
}

/** The LogStore of log-store.ts for PostgreSQL. */
export const postgresLogStore = {
  appendRows,
  insertRows,
  probesIndexFirst: true,
  runWalk: async (db: Kysely<Database>, query: CompiledQuery<SizedLogRow>) =>
    (await runWithGenericPlan(db, query)).map(walkItemOf),
  searchContains,
  searchIndexCandidates,
  withinDeadline,
  searchTimedOut,
  notIndexed,
  prune,
  pruneApp,
  prepare: prepareDayPartitions,
  isDuplicateTime,
} satisfies LogStore;
