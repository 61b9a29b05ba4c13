/**
 * The PostgreSQL search indexer (decision 030): copies the search text of committed log rows
 * into `app_log_search` (migration 007, with the pg_trgm GIN index) off the ingestion's commit
 * path, app by app, and moves the app's watermark (`app_log_search_state.indexed_us`) in the same
 * statement.
 *
 * Why a time watermark per app, not an id watermark: ids come from one sequence shared by every
 * app and instance, so a smaller id can commit after a larger one, and a watermark on ids could
 * pass a row not committed yet. An app's ingestion takes turns under its advisory lock and writes
 * after the app's last committed time, so its committed rows are always the earliest ones: the
 * rows above the watermark seen in one snapshot are a prefix of everything still to come.
 *
 * Every instance runs the indexer; each app's state row is taken `for update skip locked`, so two
 * instances never index one app at once and each skips what the other is doing. A restart
 * continues from the watermarks; retention drops `app_log_search` days with `app_logs` days.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database/schema';

/** Rows of one app per index statement: larger chunks put more rows in each GIN insert. */
export const POSTGRES_INDEX_CHUNK_ROWS = 10_000;

/** How often an idle indexer looks for rows above the watermarks. */
const IDLE_POLL_MS = 100;

/** After an error, the next try waits this. */
const RETRY_MS = 1000;

/**
 * `work_mem` of an index transaction. An insert that finds the trigram index's pending list
 * full (gin_pending_list_limit, 4 MB) merges it into the index, accumulating at most work_mem at
 * a time: at the default 4 MB that takes several passes over the index (decision 025).
 */
const INDEX_WORK_MEM = '16MB';

/** The apps with rows above their watermark (an app without a state row has none indexed). */
async function pendingApps(db: Kysely<Database>): Promise<number[]> {
  const result = await sql<{ id: number }>`
    select apps.id from apps left join app_log_search_state state on state.app_id = apps.id
    where exists (select 1 from app_logs
      where app_logs.app_id = apps.id and app_logs.time_us > coalesce(state.indexed_us, 0))`.execute(
    db,
  );
  return result.rows.map((row) => row.id);
}

/**
 * Indexes up to `maxRows` of the app's rows above its watermark in one transaction; returns how
 * many, or 0 when another instance is indexing the app.
 */
async function indexApp(db: Kysely<Database>, appId: number, maxRows: number): Promise<number> {
  await sql`insert into app_log_search_state (app_id, indexed_us) values (${appId}, 0)
    on conflict (app_id) do nothing`.execute(db);
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ indexed_us: number }>`
      select indexed_us from app_log_search_state where app_id = ${appId}
      for update skip locked`.execute(trx);
    const watermark = state.rows[0]?.indexed_us;
    if (watermark === undefined) return 0;
    await sql`select set_config('work_mem', ${INDEX_WORK_MEM}, true)`.execute(trx);
    const limit = Number.isFinite(maxRows) ? sql`limit ${maxRows}` : sql``;
    // One statement, so the chunk, its copy and the new watermark are one snapshot.
    const moved = await sql<{ rows: number }>`
      with chunk as (
        select time_us, search from app_logs
        where app_id = ${appId} and time_us > ${watermark} order by time_us ${limit}
      ), copied as (
        insert into app_log_search (app_id, time_us, search)
        select ${appId}::integer, time_us, search from chunk
      )
      update app_log_search_state
      set indexed_us = (select max(time_us) from chunk)
      where app_id = ${appId} and exists (select 1 from chunk)
      returning (select count(*) from chunk)::integer as rows`.execute(trx);
    return moved.rows[0]?.rows ?? 0;
  });
}

/**
 * Indexes up to `maxRowsPerApp` rows above each app's watermark, on this connection; returns how
 * many in all. For tests (an index at a chosen lag) and the benchmark's fill; the service runs
 * `startPostgresSearchIndexer`.
 */
export async function indexPendingLogsPostgres(
  db: Kysely<Database>,
  maxRowsPerApp: number = POSTGRES_INDEX_CHUNK_ROWS,
): Promise<number> {
  let indexed = 0;
  for (const appId of await pendingApps(db)) indexed += await indexApp(db, appId, maxRowsPerApp);
  return indexed;
}

/**
 * Starts indexing in this instance until the returned function is called (which waits for the
 * chunk in progress). Polls every IDLE_POLL_MS when there is nothing to do, at once after a
 * full chunk.
 */
export function startPostgresSearchIndexer(
  db: Kysely<Database>,
  onError: (error: Error) => void,
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = indexPendingLogsPostgres(db).then(
        (rows) => {
          schedule(rows >= POSTGRES_INDEX_CHUNK_ROWS ? 0 : IDLE_POLL_MS);
        },
        (error: unknown) => {
          onError(error instanceof Error ? error : new Error(String(error)));
          schedule(RETRY_MS);
        },
      );
    }, ms);
    // The server stops it on shutdown; a test or a tool must not be kept alive by it.
    timer.unref();
  };
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
