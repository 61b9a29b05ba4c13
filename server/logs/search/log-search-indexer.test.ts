import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseLogQuery } from '../routes/log-query-params';
import { queryLogs } from '../store/app-logs-read';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows, insertLogs, pruneLogs } from '../store/app-logs-write';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { searchFileOf, trigramMatch } from '../../database/log-search-file';
import { INDEXER_SQL, indexPendingLogs, startLogSearchIndexer } from './log-search-indexer';
import {
  createLogApp,
  entriesOf,
  useLogStoreDatabase,
} from '../store/log-store-database.test-helper';
import { testEngine, type TestDatabase } from '../../database/test-database.test-helper';

// SQLite's indexer; PostgreSQL's is tested in log-search-indexer-postgres.test.ts.
describe.skipIf(testEngine !== 'sqlite')('the SQLite search indexer (decisions 023, 032)', () => {
  let database: TestDatabase;
  let db: Db;
  useLogStoreDatabase((opened) => {
    database = opened;
    db = opened.db;
  });

  const createApp = (on: Db = db) => createLogApp(on);

  async function scalar(on: Db, text: string): Promise<number> {
    const result = await on.executeQuery<{ value: number }>(CompiledQuery.raw(text));
    return result.rows[0]?.value ?? NaN;
  }

  async function walAutocheckpoint(on: Db): Promise<unknown> {
    const result = await on.executeQuery<{ wal_autocheckpoint: number }>(
      CompiledQuery.raw('pragma wal_autocheckpoint'),
    );
    return result.rows[0]?.wal_autocheckpoint;
  }

  const watermark = (on: Db = db) =>
    scalar(on, 'select indexed_id as value from search.app_logs_fts_state');
  const lastId = (on: Db = db) => scalar(on, 'select max(id) as value from app_logs');
  /**
   * Index rows holding `term` (its trigrams: the index is detail=none, decision 098), and rows at
   * or below the watermark holding it: always equal.
   */
  const indexedWith = (on: Db, term: string) =>
    scalar(
      on,
      `select count(*) as value from search.app_logs_fts where app_logs_fts match '${trigramMatch([term])}'`,
    );
  const rowsUpToWatermarkWith = (on: Db, term: string) =>
    scalar(
      on,
      `select count(*) as value from app_logs where instr(search, '${term}') > 0 and id <= (select indexed_id from search.app_logs_fts_state)`,
    );

  /** Every entry holding `term` through the index step (scan budget 0), ascending. */
  async function searchIndexStep(on: Db, appId: number, term: string): Promise<number> {
    const page = await queryLogs(on, appId, parseLogQuery({ q: term, since: '0', limit: '200' }), {
      scanBudget: 0,
    });
    return page.count;
  }

  it('indexes in chunks, the watermark moving with the index rows', async () => {
    await indexPendingLogs(db, Infinity);
    const appId = await createApp();
    const { page } = await insertLogs(
      db,
      appId,
      Array.from({ length: 5 }, (_, i) => ({ level: 'info' as const, data: `chunky ${i}` })),
    );
    const stored = entriesOf(page);
    expect(await indexedWith(db, 'chunky')).toBe(0);
    expect(await searchIndexStep(db, appId, 'chunky')).toBe(5);

    expect(await indexPendingLogs(db, 2)).toBe(2);
    expect(await watermark()).toBe(Number(stored[1]?.id));
    expect(await indexedWith(db, 'chunky')).toBe(2);
    expect(await searchIndexStep(db, appId, 'chunky')).toBe(5);

    expect(await indexPendingLogs(db, Infinity)).toBe(3);
    expect(await watermark()).toBe(await lastId());
    expect(await indexedWith(db, 'chunky')).toBe(5);
    expect(await searchIndexStep(db, appId, 'chunky')).toBe(5);
    expect(await indexPendingLogs(db, Infinity)).toBe(0);
  });

  it('pruning leaves index rows that change no answer, and the indexer drops them', async () => {
    await indexPendingLogs(db, Infinity);
    const appId = await createApp();
    const at = (offsetS: number, data: string) =>
      toLogRow(appId, { level: 'info', data }, (1_700_000_000 + offsetS) * 1e6);
    await placeLogRows(db, [at(0, 'prunable indexed'), at(1, 'prunable indexed too')]);
    await indexPendingLogs(db, Infinity);
    await placeLogRows(db, [at(2, 'prunable unindexed'), at(100, 'prunable kept')]);
    // Entries before offset 50 go: two indexed, one not.
    await pruneLogs(db, 1_700_000_050);
    // The search file is the indexer's: the indexed two stay in the index for now, and no
    // search finds them (their rows are gone; their ids are never given again).
    expect(await indexedWith(db, 'prunable')).toBe(2);
    expect(await searchIndexStep(db, appId, 'prunable')).toBe(1);
    await indexPendingLogs(db, Infinity);
    expect(await indexedWith(db, 'prunable')).toBe(1);
    expect(await rowsUpToWatermarkWith(db, 'prunable')).toBe(1);
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into search.app_logs_fts (app_logs_fts) values ('integrity-check')`,
      ),
    );
    expect(await searchIndexStep(db, appId, 'prunable')).toBe(1);
  });

  it('ingests while the index is written, and indexes while a batch holds the log file', async () => {
    const appId = await createApp();
    // Another connection (the worker) in the middle of an index transaction.
    const indexing = new SQLite(searchFileOf(database.url));
    indexing.exec('begin immediate');
    try {
      await insertLogs(db, appId, [{ level: 'info', data: 'beside the index' }]);
    } finally {
      indexing.exec('rollback');
      indexing.close();
    }
    // Another process in the middle of a batch: the index is written meanwhile.
    const ingesting = new SQLite(database.url);
    ingesting.exec('begin immediate');
    try {
      const indexer = openDatabase(database.url);
      try {
        expect(await indexPendingLogs(indexer, Infinity)).toBeGreaterThan(0);
      } finally {
        await indexer.destroy();
      }
    } finally {
      ingesting.exec('rollback');
      ingesting.close();
    }
    expect(await searchIndexStep(db, appId, 'beside the index')).toBe(1);
  });

  it('starts the index again when the log file is older than it (a restored backup)', async () => {
    const appId = await createApp();
    await insertLogs(db, appId, [{ level: 'info', data: 'before the backup' }]);
    await indexPendingLogs(db, Infinity);
    const folder = mkdtempSync(join(tmpdir(), 'site-console-restore-'));
    const restored = join(folder, 'restored.db');
    try {
      await db.executeQuery(CompiledQuery.raw(`vacuum main into '${restored}'`));
      await insertLogs(
        db,
        appId,
        Array.from({ length: 5 }, (_, i) => ({ level: 'info' as const, data: `after ${i}` })),
      );
      await indexPendingLogs(db, Infinity);
      // The log file from before, the index from after: its watermark is past the log's ids.
      await db.executeQuery(CompiledQuery.raw(`vacuum search into '${searchFileOf(restored)}'`));
      const reopened = openDatabase(restored);
      try {
        // The ids after the backup are given again, to other entries; none may be hidden.
        await insertLogs(
          reopened,
          appId,
          Array.from({ length: 5 }, (_, i) => ({ level: 'info' as const, data: `again ${i}` })),
        );
        expect(await watermark(reopened)).toBe(0);
        expect(await searchIndexStep(reopened, appId, 'again')).toBe(5);
        expect(await searchIndexStep(reopened, appId, 'after')).toBe(0);
        await indexPendingLogs(reopened, Infinity);
        expect(await searchIndexStep(reopened, appId, 'again')).toBe(5);
        expect(await searchIndexStep(reopened, appId, 'before the backup')).toBe(1);
      } finally {
        await reopened.destroy();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('catches up from the watermark after a restart, while ingestion goes on', async () => {
    const appId = await createApp();
    await insertLogs(
      db,
      appId,
      Array.from({ length: 3000 }, (_, i) => ({ level: 'info' as const, data: `restart ${i}` })),
    );
    // Another process (the server after a restart) opens the file and starts its indexer.
    const server = openDatabase(database.url);
    const errors: Error[] = [];
    const indexer = await startLogSearchIndexer(server, database.url, (error) =>
      errors.push(error),
    );
    try {
      expect(indexer).toBeDefined();
      // Its own writes go on beside the worker's; every search answers all along.
      for (let batch = 0; batch < 5; batch += 1) {
        await insertLogs(
          server,
          appId,
          Array.from({ length: 500 }, (_, i) => ({ level: 'info' as const, data: `restart ${i}` })),
        );
        expect(await searchIndexStep(server, appId, '"restart 2999"')).toBe(1);
      }
      await expect.poll(() => watermark(server), { timeout: 10_000 }).toBe(await lastId(server));
      expect(await indexedWith(server, 'restart')).toBe(5500);
      expect(await searchIndexStep(server, appId, 'restart 1')).toBe(200);
      expect(errors).toEqual([]);
      // The worker checkpoints the WAL meanwhile; the server's commits again once it stops.
      expect(await walAutocheckpoint(server)).toBe(0);
      await indexer?.stop();
      expect(await walAutocheckpoint(server)).toBe(1000);
    } finally {
      await indexer?.stop();
      await server.destroy();
    }
  });

  it('loses nothing when the process is killed (kill -9) in the middle of indexing', async () => {
    const appId = await createApp();
    await indexPendingLogs(db, Infinity);
    for (let batch = 0; batch < 10; batch += 1) {
      await insertLogs(
        db,
        appId,
        Array.from({ length: 1000 }, (_, i) => ({
          level: 'info' as const,
          data: `killed ${batch * 1000 + i}`,
        })),
      );
    }
    // A process running the real worker, killed mid-way.
    const workerUrl = new URL('./log-search-indexer-worker.js', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { Worker } from 'node:worker_threads';
         const worker = new Worker(new URL(${JSON.stringify(workerUrl)}), {
           execArgv: [], workerData: JSON.parse(process.env.WORKER_DATA) });
         worker.on('message', (message) => console.log(JSON.stringify(message)));`,
      ],
      {
        env: {
          ...process.env,
          WORKER_DATA: JSON.stringify({
            filename: database.url,
            searchFilename: searchFileOf(database.url),
            sql: INDEXER_SQL,
            chunkRows: 700,
            sweepIds: 2800,
            sweepEveryMs: 10,
            idleMs: 10,
            retryMs: 10,
          }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [firstLine] = (await once(child.stdout, 'data')) as [Buffer];
    expect(firstLine.toString()).toContain('"indexed"');
    child.kill('SIGKILL');
    await once(child, 'exit');

    const reopened = openDatabase(database.url);
    try {
      const mark = await watermark(reopened);
      expect(mark).toBeLessThan(await lastId(reopened));
      expect(await indexedWith(reopened, 'killed')).toBe(
        await rowsUpToWatermarkWith(reopened, 'killed'),
      );
      expect(await searchIndexStep(reopened, appId, '"killed 99"')).toBe(111);
      await indexPendingLogs(reopened, Infinity);
      expect(await indexedWith(reopened, 'killed')).toBe(10_000);
      expect(await searchIndexStep(reopened, appId, '"killed 99"')).toBe(111);
    } finally {
      await reopened.destroy();
    }
  });
});
