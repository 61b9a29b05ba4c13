/**
 * `npm run bench:logs:steps` (issue 26: no synchronous database work longer than 50 ms per
 * turn, on SQLite): the event loop's longest block during the store's work on an app of
 * BENCH_ENTRIES (default 1,000,000) entries (bench/logs-fill-sqlite.ts), each beside the same
 * work in one synchronous statement, in the same run:
 * - ingestion of 1,000-entry batches (`insertLogs`, as a flood past the quota stores them) at 1M
 *   entries against the same batches into an empty app of a fresh file, with the insert and the
 *   rollup timed apart;
 * - retention of a day of entries by age (`pruneLogs`, bounded steps: logs/store/app-logs-prune-steps.ts)
 *   against the next day deleted as before, one transaction with one DELETE.
 * The longest block is `monitorEventLoopDelay`'s max (resolution 1 ms) while the work runs with a
 * timer turn between samples; on a busy machine it includes waiting for a core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertLogs, pruneLogs } from '../server/logs/store/app-logs-write';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { addToRollup, removeFromRollup } from '../server/logs/store/app-logs-rollup';
import { logStoreOf } from '../server/logs/store/log-store-of';
import { inSqliteWriteTransaction } from '../server/database/sqlite-write-lock';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import type { Db } from '../server/database/schema';
import { writeTransaction } from '../server/database/transactions';
import { insertApp } from '../server/apps/store/apps';
import { appFixture } from '../server/platform/test-support.test-helper';
import { makeEntry } from './log-entries';
import { fillSqlite } from './logs-fill-sqlite';
import { printStats, stat, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const BATCH = 1_000;
const DAY_US = 86_400 * 1_000_000;
const SPAN_US = 7 * DAY_US;

/**
 * `run` n times with a timer turn between: latencies, and the event loop's longest block in each
 * run (its median is less the machine's preemption than the max of all, which is also given).
 */
async function measured(
  n: number,
  run: () => Promise<unknown>,
): Promise<{ stat: Stat; blockMs: number; blockMedianMs: number }> {
  const samples: number[] = [];
  const blocks: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    // The monitor's first tick only starts its clock: a block before it would not be seen.
    await new Promise((wake) => setTimeout(wake, 5));
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
    // A timer's turn: the monitor's own timer must run to see how late it is.
    await new Promise((wake) => setTimeout(wake, 2));
    loop.disable();
    blocks.push(loop.max / 1e6);
  }
  return { stat: stat(samples), blockMs: Math.max(...blocks), blockMedianMs: stat(blocks).median };
}

/** The code before app-logs-prune-steps.ts: an app's share in one transaction, one DELETE. */
function pruneInOneStatement(db: Db, appId: number, cutoffUs: number): Promise<number> {
  return inSqliteWriteTransaction(db, async (trx) => {
    await removeFromRollup(trx, { cutoffUs, appId });
    const result = await trx
      .deleteFrom('app_logs')
      .where('app_id', '=', appId)
      .where('time_us', '<', cutoffUs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

async function newApp(db: Db, key: string): Promise<number> {
  return insertApp(db, 'bench', appFixture(key));
}

const batch = () => Array.from({ length: BATCH }, () => makeEntry());

/** One batch's rows into the store and into the rollup, timed apart (ms), in one transaction. */
async function insertParts(db: Db, appId: number): Promise<{ rows: number; rollup: number }> {
  const last = await db
    .selectFrom('app_logs')
    .select((eb) => eb.fn.max('time_us').as('last'))
    .where('app_id', '=', appId)
    .executeTakeFirst();
  const firstUs = Math.max(Date.now() * 1000, (last?.last ?? 0) + 1);
  const rows = batch().map((entry, index) => toLogRow(appId, entry, firstUs + index));
  return writeTransaction(db, async (trx) => {
    const a = performance.now();
    await logStoreOf(trx).insertRows(trx, rows);
    const b = performance.now();
    await addToRollup(trx, rows);
    return { rows: b - a, rollup: performance.now() - b };
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-steps-'));
  const file = join(dir, 'bench.db');
  const db = openDatabase(file);
  await migrateToLatest(db);
  const started = performance.now();
  const { appId, startUs } = await fillSqlite(db, file, ENTRIES, SPAN_US);
  console.log(
    `filled ${String(ENTRIES)} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const stats: Record<string, Stat> = {};
  const blocks: Record<string, { max: number; median: number }> = {};
  const record = (name: string, result: { stat: Stat; blockMs: number; blockMedianMs: number }) => {
    stats[name] = result.stat;
    blocks[name] = { max: result.blockMs, median: result.blockMedianMs };
  };

  // Ingestion of 1,000-entry batches: at 1M entries, and into an empty app of a fresh file.
  const controlDir = mkdtempSync(join(tmpdir(), 'bench-steps-control-'));
  const control = openDatabase(join(controlDir, 'control.db'));
  await migrateToLatest(control);
  await sql`insert into sites (id, name, created_at) values ('bench', 'Bench', '2026-01-01T00:00:00.000Z')`.execute(
    control,
  );
  const controlApp = await newApp(control, 'control');
  for (let i = 0; i < 3; i += 1) {
    await insertLogs(db, appId, batch());
    await insertLogs(control, controlApp, batch());
  }
  record('ingest 1000 at 1M', await measured(SAMPLES, () => insertLogs(db, appId, batch())));
  record(
    'ingest 1000 empty file',
    await measured(SAMPLES, () => insertLogs(control, controlApp, batch())),
  );
  const parts = {
    rows: [] as number[],
    rollup: [] as number[],
    controlRows: [] as number[],
    controlRollup: [] as number[],
  };
  for (let i = 0; i < SAMPLES; i += 1) {
    const big = await insertParts(db, appId);
    parts.rows.push(big.rows);
    parts.rollup.push(big.rollup);
    const small = await insertParts(control, controlApp);
    parts.controlRows.push(small.rows);
    parts.controlRollup.push(small.rollup);
  }
  stats['ingest rows part at 1M'] = stat(parts.rows);
  stats['ingest rollup part at 1M'] = stat(parts.rollup);
  stats['ingest rows part empty file'] = stat(parts.controlRows);
  stats['ingest rollup part empty file'] = stat(parts.controlRollup);

  // Retention by age: the oldest day in steps, then the next day as before (one DELETE).
  const firstDayUs = startUs + DAY_US;
  record('retention 1 day, steps', await measured(1, () => pruneLogs(db, firstDayUs / 1e6)));
  record(
    'retention 1 day, one DELETE',
    await measured(1, () => pruneInOneStatement(db, appId, firstDayUs + DAY_US)),
  );

  printStats(`SQLite, ${String(ENTRIES)} entries (ms)`, stats);
  console.log('\nlongest event loop block per run (ms): median, max');
  for (const [name, block] of Object.entries(blocks)) {
    console.log(
      `${name.padEnd(40)} ${block.median.toFixed(1).padStart(8)} ${block.max.toFixed(1).padStart(8)}`,
    );
  }
  await db.destroy();
  await control.destroy();
  rmSync(dir, { recursive: true, force: true });
  rmSync(controlDir, { recursive: true, force: true });
}

await main();
