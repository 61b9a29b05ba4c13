/**
 * `npx tsx bench/ingest-insert-shapes.ts`: how to write an ingested batch's rows into SQLite,
 * in process with raw better-sqlite3 (no HTTP, no Kysely), on a file with BENCH_ENTRIES (200,000)
 * rows already stored. Each shape writes the same 500-row batches in its own `BEGIN IMMEDIATE`
 * transaction, the shapes alternated batch by batch (so a loaded machine weighs on each alike):
 * - `multi-row returning`: one `insert … values (…),(…) … returning id, time_us` (what main does);
 * - `multi-row`: the same statement without `returning` (ids from the last rowid: one writer,
 *   AUTOINCREMENT, so the batch's ids are contiguous);
 * - `single-row loop`: one prepared single-row insert, run once per row.
 * Prints each shape's median and p95 per batch (ms) and its ratio to the first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import type { NewLogRow } from '../server/logs/store/app-logs-table';
import { insertApp } from '../server/apps/store/apps';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import { createSite } from '../server/site/store/sites';
import { appFixture } from '../server/platform/test-support.test-helper';
import { fillSqlite } from './api-fill-sqlite';
import { makeEntry } from './log-entries';
import { stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 150);
const BATCH = 500;
const COLUMNS = ['app_id', 'time_us', 'level', 'job', 'data', 'context', 'created_at', 'search'];

function multiRowSql(rows: number, returning: boolean): string {
  const tuple = `(${COLUMNS.map(() => '?').join(',')})`;
  return (
    `insert into app_logs (${COLUMNS.join(',')}) values ` +
    Array.from({ length: rows }, () => tuple).join(',') +
    (returning ? ' returning id, time_us' : '')
  );
}

function parameters(row: NewLogRow): unknown[] {
  return [
    row.app_id,
    row.time_us,
    row.level,
    row.job ?? null,
    row.data,
    row.context ?? null,
    row.created_at,
    row.search,
  ];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-insert-shapes-'));
  const file = join(dir, 'bench.db');
  try {
    const db = openDatabase(file);
    await migrateToLatest(db);
    await createSite(db, 'bench', 'Bench');
    const appId = await insertApp(db, 'bench', appFixture('main'));
    await db.destroy();
    const startUs = Date.now() * 1000 - 86_400_000_000;
    fillSqlite(file, ENTRIES, (put, from, to) => {
      for (let i = from; i < to; i += 1) put(appId, startUs + i);
    });
    const raw = new SQLite(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const returning = raw.prepare(multiRowSql(BATCH, true));
    const multi = raw.prepare(multiRowSql(BATCH, false));
    const single = raw.prepare(multiRowSql(1, false));
    const shapes: Record<string, (rows: readonly NewLogRow[]) => void> = {
      'multi-row returning': (rows) => returning.all(rows.flatMap(parameters)),
      'multi-row': (rows) => multi.run(rows.flatMap(parameters)),
      'single-row loop': (rows) => {
        for (const row of rows) single.run(parameters(row));
      },
    };
    const samples = new Map<string, number[]>(Object.keys(shapes).map((name) => [name, []]));
    let timeUs = Date.now() * 1000;
    for (let batch = 0; batch < BATCHES; batch += 1) {
      for (const [name, write] of Object.entries(shapes)) {
        const rows = Array.from({ length: BATCH }, () => toLogRow(appId, makeEntry(), timeUs++));
        const start = performance.now();
        raw.exec('begin immediate');
        write(rows);
        raw.exec('commit');
        samples.get(name)?.push(performance.now() - start);
      }
    }
    raw.close();
    let first: number | undefined;
    for (const [name, list] of samples) {
      const { median, p95 } = stat(list.slice(10));
      first ??= median;
      console.log(
        `${name.padEnd(20)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms per 500 rows, ` +
          `${(median / first).toFixed(2)}× the first`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
