/**
 * Ingestion through `POST /api/apps/:id/logs` for bench/api.ts, through one or several service
 * processes on one database: batches spread over the instances and the apps, several in flight
 * per instance. Afterwards every app is read back from the database: each entry sent must be
 * there exactly once, and in time order the row ids must increase (later batches of an app
 * commit later, with later times, in whichever instance; decision 012).
 * The rate also counts until the search indexer has caught up (decisions 023, 030): the rate
 * through HTTP counts until the last response, the indexed rate until then. The servers' CPU per
 * 1,000 entries comes from their `/bench/usage` route (bench/api-server.ts). With
 * BENCH_CPU_PROF_DIR set, each server profiles its main thread over the same span.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/database/schema';
import { engineOf } from '../server/database/engine';
import { makeEntry } from './log-entries';

export interface IngestPlan {
  /** Base URLs of the service instances. */
  bases: readonly string[];
  headers: Record<string, string>;
  /** The apps written to: keys and row ids. */
  apps: ReadonlyArray<{ key: string; id: number }>;
  batches: number;
  batchSize: number;
  /** Requests in flight per instance. */
  inFlight: number;
  /** Also wait for the search indexer's watermarks (decisions 023, 030). */
  indexed: boolean;
}

export interface IngestResult {
  /** Entries per second until the last response. */
  perSecond: number;
  /** Entries per second until the search index caught up. */
  indexedPerSecond?: number;
  /** Server CPU (every thread, summed over the instances) per 1,000 entries, ms. */
  cpuMsPer1000: number;
  /** The main threads' busy time per 1,000 entries, ms: bounds the rate when a core is free. */
  mainThreadMsPer1000: number;
}

interface Usage {
  cpu_us: { user: number; system: number };
  main_thread_active_ms: number;
}

/**
 * `/bench/usage` of one instance. The request may go out on a kept-alive connection the server
 * closes at that moment, idle since the last run (UND_ERR_SOCKET "other side closed": bench:guard
 * died so at load 24): once more then, on a new connection, as bench/api.ts does.
 */
async function fetchUsage(base: string): Promise<Response> {
  try {
    return await fetch(`${base}/bench/usage`);
  } catch {
    return fetch(`${base}/bench/usage`);
  }
}

/** Every instance's CPU time and main-thread busy time so far, summed (ms). */
async function usage(bases: readonly string[]): Promise<{ cpu: number; mainThread: number }> {
  let cpu = 0;
  let mainThread = 0;
  for (const base of bases) {
    // The shape bench/api-server.ts answers with.
    const used = (await (await fetchUsage(base)).json()) as Usage;
    cpu += (used.cpu_us.user + used.cpu_us.system) / 1000;
    mainThread += used.main_thread_active_ms;
  }
  return { cpu, mainThread };
}

/** BENCH_CPU_PROF_DIR: starts or stops every server's profile (bench/api-server.ts). */
async function profile(bases: readonly string[], action: 'start' | 'stop'): Promise<void> {
  if (!process.env.BENCH_CPU_PROF_DIR) return;
  for (const base of bases) {
    const answer = await (
      await fetch(`${base}/bench/profile/${action}`, { method: 'POST' })
    ).text();
    if (action === 'stop') console.log(`cpu profile: ${answer}`);
  }
}

/**
 * SQLite: the last row id in the search index (decision 023), in its own file since decision
 * 032; a database of the layout before (in the log file) is read there, so that
 * api-ingest-compare.ts can drive older trees on their own files.
 */
async function watermark(db: Kysely<Database>): Promise<number> {
  const before032 = await sql<{
    found: number;
  }>`select 1 as found from main.sqlite_master where name = 'app_logs_fts_state'`.execute(db);
  const state = before032.rows.length > 0 ? 'main' : 'search';
  const result = await sql<{
    indexed: number;
  }>`select indexed_id as indexed from ${sql.raw(state)}.app_logs_fts_state`.execute(db);
  return result.rows[0]?.indexed ?? 0;
}

/** PostgreSQL: true when every app's watermark is at its last row (decision 030). */
async function appsIndexed(db: Kysely<Database>, appIds: readonly number[]): Promise<boolean> {
  const result = await sql<{ behind: number }>`
    select count(*)::integer as behind from unnest(${appIds}::integer[]) as app(id)
    where coalesce((select indexed_us from app_log_search_state where app_id = app.id), 0)
      < (select max(time_us) from app_logs where app_id = app.id)`.execute(db);
  return result.rows[0]?.behind === 0;
}

/** Waits until the search index holds the `entries` written since `indexedBefore` (SQLite). */
async function waitIndexed(
  db: Kysely<Database>,
  plan: IngestPlan,
  indexedUntil: number,
): Promise<void> {
  const appIds = plan.apps.map((app) => app.id);
  const caughtUp = async () =>
    engineOf(db) === 'postgres' ? appsIndexed(db, appIds) : (await watermark(db)) >= indexedUntil;
  while (!(await caughtUp())) await new Promise((done) => setTimeout(done, 5));
}

/** The rates and CPU; throws when an entry is missing, doubled or out of order. */
export async function ingest(db: Kysely<Database>, plan: IngestPlan): Promise<IngestResult> {
  const requests = Array.from({ length: plan.batches }, (_, batch) => {
    const base = plan.bases[batch % plan.bases.length] ?? '';
    const app = plan.apps[Math.floor(batch / plan.bases.length) % plan.apps.length];
    const logs = Array.from({ length: plan.batchSize }, (_, index) => {
      const entry = makeEntry();
      return { ...entry, context: { ...entry.context, seq: batch * plan.batchSize + index } };
    });
    return { base, url: `${base}/api/apps/${app?.key ?? ''}/logs`, body: JSON.stringify({ logs }) };
  });
  const entries = plan.batches * plan.batchSize;
  const indexedBefore = plan.indexed && engineOf(db) === 'sqlite' ? await watermark(db) : 0;
  const usageBefore = await usage(plan.bases);
  await profile(plan.bases, 'start');
  const start = performance.now();
  await Promise.all(
    plan.bases.map(async (base) => {
      const mine = requests.filter((request) => request.base === base);
      let next = 0;
      await Promise.all(
        Array.from({ length: plan.inFlight }, async () => {
          for (let request = mine[next++]; request; request = mine[next++]) {
            const response = await fetch(request.url, {
              method: 'POST',
              headers: { ...plan.headers, 'Content-Type': 'application/json' },
              body: request.body,
            });
            if (response.status !== 201) {
              throw new Error(`ingest: ${response.status} ${await response.text()}`);
            }
            await response.arrayBuffer();
          }
        }),
      );
    }),
  );
  const perSecond = Math.round(entries / ((performance.now() - start) / 1000));
  let indexedPerSecond: number | undefined;
  if (plan.indexed) {
    // The search indexer catches up after the last response.
    await waitIndexed(db, plan, indexedBefore + entries);
    indexedPerSecond = Math.round(entries / ((performance.now() - start) / 1000));
  }
  // CPU until the index caught up.
  const usageAfter = await usage(plan.bases);
  await profile(plan.bases, 'stop');
  const per1000 = (ms: number) => Number(((ms * 1000) / entries).toFixed(2));
  await checkArrived(db, plan);
  return {
    perSecond,
    ...(indexedPerSecond === undefined ? {} : { indexedPerSecond }),
    cpuMsPer1000: per1000(usageAfter.cpu - usageBefore.cpu),
    mainThreadMsPer1000: per1000(usageAfter.mainThread - usageBefore.mainThread),
  };
}

async function checkArrived(db: Kysely<Database>, plan: IngestPlan): Promise<void> {
  const seen = new Set<number>();
  for (const app of plan.apps) {
    const rows = await db
      .selectFrom('app_logs')
      .select(['id', 'context'])
      .where('app_id', '=', app.id)
      .orderBy('time_us')
      .execute();
    let lastId = -Infinity;
    for (const row of rows) {
      // The context this module sent: an object with `seq`.
      const { seq } = JSON.parse(row.context ?? '{}') as { seq?: number };
      if (seq === undefined || seen.has(seq)) throw new Error(`${app.key}: entry ${seq} twice`);
      if (row.id <= lastId) throw new Error(`${app.key}: row ${row.id} out of time order`);
      seen.add(seq);
      lastId = row.id;
    }
  }
  const sent = plan.batches * plan.batchSize;
  if (seen.size !== sent) throw new Error(`ingest: ${seen.size} of ${sent} entries stored`);
}
