// The PostgreSQL search indexer (decision 030): per-app time watermarks moving with the index
// rows, rows placed below a watermark indexed by their insert, retention, and two indexers (two
// instances) with ingestion going on.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseLogQuery } from '../routes/log-query-params';
import { queryLogs } from '../store/app-logs-read';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows, insertLogs, pruneLogs } from '../store/app-logs-write';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { indexPendingLogs } from './log-search-indexer';
import { startPostgresSearchIndexer } from './log-search-indexer-postgres';
import {
  createLogApp,
  entriesOf,
  useLogStoreDatabase,
} from '../store/log-store-database.test-helper';
import { testEngine, type TestDatabase } from '../../database/test-database.test-helper';

describe.skipIf(testEngine !== 'postgres')('the PostgreSQL search indexer (decision 030)', () => {
  let database: TestDatabase;
  let db: Db;
  useLogStoreDatabase((opened) => {
    database = opened;
    db = opened.db;
  });

  async function watermark(appId: number): Promise<number | undefined> {
    const result = await sql<{ indexed_us: number }>`
      select indexed_us from app_log_search_state where app_id = ${appId}`.execute(db);
    return result.rows[0]?.indexed_us;
  }

  /** The app's index rows holding `term`, and how many distinct times they have. */
  async function indexed(appId: number, term: string): Promise<{ rows: number; times: number }> {
    const result = await sql<{ rows: number; times: number }>`
      select count(*)::integer as rows, count(distinct time_us)::integer as times
      from app_log_search where app_id = ${appId} and strpos(search, ${term}) > 0`.execute(db);
    return result.rows[0] ?? { rows: NaN, times: NaN };
  }

  /** Every entry holding `term` through the index step (scan budget 0). */
  async function searchIndexStep(appId: number, term: string): Promise<number> {
    const filter = parseLogQuery({ q: term, since: '0', limit: '1000' });
    return (await queryLogs(db, appId, filter, { scanBudget: 0 })).count;
  }

  const entries = (count: number, word: string) =>
    Array.from({ length: count }, (_, i) => ({ level: 'info' as const, data: `${word} ${i}` }));

  it('indexes each app in time order, its watermark moving with the index rows', async () => {
    const appId = await createLogApp(db);
    const stored = entriesOf((await insertLogs(db, appId, entries(5, 'chunky'))).page);
    expect(await indexed(appId, 'chunky')).toEqual({ rows: 0, times: 0 });
    expect(await searchIndexStep(appId, 'chunky')).toBe(5);

    await indexPendingLogs(db, 2);
    expect(await watermark(appId)).toBe((stored[1]?.time ?? NaN) * 1e6);
    expect(await indexed(appId, 'chunky')).toEqual({ rows: 2, times: 2 });
    expect(await searchIndexStep(appId, 'chunky')).toBe(5);

    await indexPendingLogs(db, Infinity);
    expect(await watermark(appId)).toBe((stored[4]?.time ?? NaN) * 1e6);
    expect(await indexed(appId, 'chunky')).toEqual({ rows: 5, times: 5 });
    expect(await searchIndexStep(appId, 'chunky')).toBe(5);
  });

  it('indexes rows placed at or below the watermark with their insert', async () => {
    const appId = await createLogApp(db);
    const at = (timeS: number, data: string) =>
      toLogRow(appId, { level: 'info', data }, timeS * 1e6);
    await placeLogRows(db, [at(1_700_000_100, 'placed late')]);
    await indexPendingLogs(db, Infinity);
    await placeLogRows(db, [at(1_700_000_000, 'placed early'), at(1_700_000_200, 'placed after')]);
    expect(await indexed(appId, 'placed')).toEqual({ rows: 2, times: 2 });
    expect(await searchIndexStep(appId, 'placed')).toBe(3);
    await indexPendingLogs(db, Infinity);
    expect(await indexed(appId, 'placed')).toEqual({ rows: 3, times: 3 });
  });

  it('prunes index rows with their entries, by whole days and the rest', async () => {
    const appId = await createLogApp(db);
    const dayUs = 86_400_000_000;
    const startUs = Date.UTC(2025, 2, 1) * 1000;
    const rows = [0, 1, dayUs + 5, dayUs + 50, 3 * dayUs].map((offsetUs, i) =>
      toLogRow(appId, { level: 'info', data: `prunable ${i}` }, startUs + offsetUs),
    );
    await placeLogRows(db, rows);
    await indexPendingLogs(db, Infinity);
    expect(await indexed(appId, 'prunable')).toEqual({ rows: 5, times: 5 });
    await pruneLogs(db, (startUs + dayUs + 10) / 1e6);
    expect(await indexed(appId, 'prunable')).toEqual({ rows: 2, times: 2 });
    expect(await searchIndexStep(appId, 'prunable')).toBe(2);
  });

  it('indexes every row once with two instances indexing while both ingest', async () => {
    const apps = [await createLogApp(db), await createLogApp(db)];
    const other = openDatabase(database.url);
    const errors: Error[] = [];
    const indexers = [db, other].map((on) =>
      startPostgresSearchIndexer(on, (error) => errors.push(error)),
    );
    try {
      await Promise.all(
        [db, other].flatMap((on) =>
          apps.map(async (appId) => {
            for (let batch = 0; batch < 10; batch += 1) {
              await insertLogs(on, appId, entries(200, 'twice'));
            }
          }),
        ),
      );
      // Both indexers poll; wait until both apps are caught up.
      for (const appId of apps) {
        await expect
          .poll(async () => (await indexed(appId, 'twice')).rows, { timeout: 30_000 })
          .toBe(4000);
        expect(await indexed(appId, 'twice')).toEqual({ rows: 4000, times: 4000 });
        expect(await searchIndexStep(appId, '"twice 199"')).toBe(20);
      }
      expect(errors).toEqual([]);
    } finally {
      for (const indexer of indexers) await indexer.stop();
      await other.destroy();
    }
  }, 60_000);
});
