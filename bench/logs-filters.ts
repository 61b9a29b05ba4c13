/**
 * `npm run bench:logs:filters` (issue 26, decision 040): `level`, `job` and volume queries on an
 * app of BENCH_ENTRIES (default 1,000,000) entries, warm and cold, with the event loop's longest
 * block during each case. On SQLite beside the code before (one walk of the (app_id, time_us)
 * index, as raw better-sqlite3 on the same file, in the same run); with BENCH_DATABASE_URL on
 * PostgreSQL (a database of its own on that server, dropped at the end; BENCH_KEEP_DB=name keeps
 * one between runs), without the "before" rows.
 *
 * The fill is the seeded generator's entries (bench/log-entries.ts) over 7 days with no `fatal`
 * and no `unknown` entry (they become `error` and `warn`): `level=fatal` then matches nothing,
 * the repro, where a walk of the time index reads every row. "Cold" is the first query
 * of a connection opened for it: on SQLite its page cache empty (the operating system's file
 * cache stays warm, dropping it needs root); on PostgreSQL a new pool, as after a restart of the
 * service (the server's shared buffers stay warm: the database is not restarted).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  parseLogQuery,
  parseVolumeQuery,
  type RawLogQuery,
} from '../server/logs/routes/log-query-params';
import { queryLogs } from '../server/logs/store/app-logs-read';
import { countLogVolume } from '../server/logs/store/app-logs-volume';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import type { Db } from '../server/database/schema';
import { JOBS } from './log-entries';
import { fillSqlite } from './logs-fill-sqlite';
import { fillPostgresLogs } from './logs-fill-postgres';
import { openBenchDatabase } from './api-database';
import { printStats, stat, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 20);
const SPAN_US = 7 * 86_400 * 1_000_000;

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';

/** The longest event loop block (ms) while `run` goes, and its latencies. */
async function measured(
  n: number,
  run: () => Promise<unknown>,
): Promise<{ stat: Stat; blockMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
    // A timer's turn: the monitor's own timer must run to see how late it is.
    await new Promise((wake) => setTimeout(wake, 2));
  }
  loop.disable();
  return { stat: stat(samples), blockMs: loop.max / 1e6 };
}

/** The query before decision 040, as it ran: one walk of the (app_id, time_us) index. */
function beforeQuery(
  raw: SQLite.Database,
  appId: number,
  query: RawLogQuery,
): () => Promise<unknown> {
  const filter = parseLogQuery(query);
  const where = ['app_id = ?'];
  const values: unknown[] = [appId];
  if (filter.minLevel !== undefined) {
    where.push('level >= ?');
    values.push(filter.minLevel);
  }
  if (filter.job !== undefined) {
    where.push('job = ?');
    values.push(filter.job);
  }
  const index = filter.job === undefined ? 'app_logs_app_time' : 'app_logs_app_job_time';
  const statement = raw.prepare(
    `select id, level, data, context, created_at, time_us from app_logs indexed by ${index} ` +
      `where ${where.join(' and ')} order by time_us desc limit ${String(filter.limit)}`,
  );
  return () => Promise.resolve(statement.all(...values));
}

/** The filled database: its URL (a file on SQLite), the app, and the raw file for "before". */
async function openFilled(): Promise<{
  url: string;
  db: Db;
  appId: number;
  raw: SQLite.Database | undefined;
  close: () => Promise<void>;
}> {
  const started = performance.now();
  const filled = () =>
    console.log(
      `filled ${String(ENTRIES)} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  if (POSTGRES_URL !== '') {
    const bench = await openBenchDatabase(POSTGRES_URL, process.env.BENCH_KEEP_DB ?? '');
    await migrateToLatest(bench.db);
    const appId = await fillPostgresLogs(bench.db, ENTRIES, SPAN_US);
    filled();
    return { url: bench.url, db: bench.db, appId, raw: undefined, close: bench.close };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-filters-'));
  const file = join(dir, 'bench.db');
  const db = openDatabase(file);
  await migrateToLatest(db);
  const { appId } = await fillSqlite(db, file, ENTRIES, SPAN_US);
  filled();
  const raw = new SQLite(file, { readonly: true });
  return {
    url: file,
    db,
    appId,
    raw,
    close: async () => {
      raw.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const { url, db, appId, raw, close } = await openFilled();
  const job = JOBS[0] ?? 'sync-orders';
  const pages: Record<string, RawLogQuery> = {
    'level=fatal (no match)': { level: 'fatal' },
    'level=error': { level: 'error' },
    [`job=${job}`]: { job },
    [`job=${job}&level=fatal`]: { job, level: 'fatal' },
    // Decision 052: a pattern, resolved to names (timed with the query), then walked per name.
    'job=sync&job_match=prefix': { job: 'sync', job_match: 'prefix' },
    'job=e&job_match=contains': { job: 'e', job_match: 'contains' },
  };
  const volumes: Record<string, RawLogQuery> = {
    'volume level=error 24h': { level: 'error' },
    [`volume job=${job} 24h`]: { job },
    'volume job=sync&job_match=prefix 24h': { job: 'sync', job_match: 'prefix' },
  };
  const stats: Record<string, Stat> = {};
  const blocks: Record<string, number> = {};
  const record = (name: string, result: { stat: Stat; blockMs: number }) => {
    stats[name] = result.stat;
    blocks[name] = result.blockMs;
  };
  for (const [name, query] of Object.entries(pages)) {
    const parsed = parseLogQuery(query);
    // A pattern's names are resolved inside the statement (app-log-job-pattern.ts).
    const run = async (on: typeof db) => queryLogs(on, appId, parsed);
    const before =
      raw && query.job_match === undefined ? beforeQuery(raw, appId, query) : undefined;
    // Warm-up, then alternating in pairs would double the work of the slow one: each in turn.
    for (let i = 0; i < 3; i += 1) {
      await run(db);
      await before?.();
    }
    record(`${name} warm`, await measured(SAMPLES, () => run(db)));
    if (before) {
      record(`${name} before warm`, await measured(Math.max(5, Math.floor(SAMPLES / 20)), before));
    }
    const cold: number[] = [];
    let coldBlock = 0;
    for (let i = 0; i < COLD_SAMPLES; i += 1) {
      const fresh = openDatabase(url);
      const result = await measured(1, () => run(fresh));
      cold.push(result.stat.median);
      coldBlock = Math.max(coldBlock, result.blockMs);
      await fresh.destroy();
    }
    stats[`${name} cold`] = stat(cold);
    blocks[`${name} cold`] = coldBlock;
  }
  for (const [name, query] of Object.entries(volumes)) {
    const filter = () => parseVolumeQuery(query);
    const count = async (on: typeof db) => countLogVolume(on, appId, filter());
    for (let i = 0; i < 3; i += 1) await count(db);
    record(`${name} warm`, await measured(SAMPLES, () => count(db)));
    // The count from the rows (decision 019, before the rollup of 024): the raw baseline.
    record(
      `${name} rows warm`,
      await measured(Math.max(5, Math.floor(SAMPLES / 20)), async () =>
        countLogVolume(db, appId, filter(), { fromRows: true }),
      ),
    );
    const cold: number[] = [];
    let coldBlock = 0;
    for (let i = 0; i < COLD_SAMPLES; i += 1) {
      const fresh = openDatabase(url);
      const result = await measured(1, () => count(fresh));
      cold.push(result.stat.median);
      coldBlock = Math.max(coldBlock, result.blockMs);
      await fresh.destroy();
    }
    stats[`${name} cold`] = stat(cold);
    blocks[`${name} cold`] = coldBlock;
  }
  printStats(
    `${POSTGRES_URL === '' ? 'SQLite' : 'PostgreSQL'}, ${String(ENTRIES)} entries (ms)`,
    stats,
  );
  console.log('\nlongest event loop block (ms)');
  for (const [name, ms] of Object.entries(blocks))
    console.log(`${name.padEnd(40)} ${ms.toFixed(1)}`);
  console.log('\nbefore ÷ now, median (warm)');
  for (const name of [...Object.keys(pages), ...Object.keys(volumes)]) {
    const now = stats[`${name} warm`];
    const old = stats[`${name} before warm`] ?? stats[`${name} rows warm`];
    if (now && old) console.log(`${name.padEnd(40)} ${(old.median / now.median).toFixed(1)}×`);
  }
  console.log(`\npattern ÷ exact job=${job}, median (warm; decision 052)`);
  const exact = stats[`job=${job} warm`];
  for (const name of ['job=sync&job_match=prefix', 'job=e&job_match=contains']) {
    const pattern = stats[`${name} warm`];
    if (exact && pattern) {
      console.log(`${name.padEnd(40)} ${(pattern.median / exact.median).toFixed(1)}×`);
    }
  }
  const exactVolume = stats[`volume job=${job} 24h warm`];
  const patternVolume = stats['volume job=sync&job_match=prefix 24h warm'];
  if (exactVolume && patternVolume) {
    const ratio = (patternVolume.median / exactVolume.median).toFixed(1);
    console.log(`${'volume job=sync&job_match=prefix'.padEnd(40)} ${ratio}×`);
  }
  await close();
}

await main();
