// The PostgreSQL log store's partitions (decision 012): day partitions created ahead, rows
// written while a day had none move into it when it is created, retention drops whole days;
// pages without q are planned once per connection (decision 029).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDayPartition } from '../../database/postgres-partitions';
import { queryLogs } from './app-logs-read';
import { toLogRow } from './app-logs-rows';
import { placeLogRows, pruneLogs } from './app-logs-write';
import { insertApp } from '../../apps/store/apps';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { runWithGenericPlan } from '../../database/postgres';
import { parseLogQuery } from '../routes/log-query-params';
import { createSite } from '../../site/store/sites';
import { appFixture } from '../../platform/test-support.test-helper';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../database/test-database.test-helper';

const DAY_US = 86_400_000_000;
const DAY_ONE = Date.UTC(2025, 0, 10) * 1000; // 2025-01-10 00:00 UTC

let database: TestDatabase;
let db: Db;
let appId = 0;

async function partitionOf(timeUs: number): Promise<string | undefined> {
  const result = await sql<{ partition: string }>`
    select tableoid::regclass::text as partition from app_logs where time_us = ${timeUs}`.execute(
    db,
  );
  return result.rows[0]?.partition;
}

describe.skipIf(testEngine !== 'postgres')('PostgreSQL log partitions', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await createSite(db, 'site', 'Site');
    appId = await insertApp(db, 'site', appFixture('partitioned'));
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates today’s and the coming days’ partitions when it migrates', async () => {
    const nowUs = Date.now() * 1000;
    await placeLogRows(db, [toLogRow(appId, { level: 'info', data: 'now' }, nowUs)]);
    const day = new Date(nowUs / 1000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(await partitionOf(nowUs)).toBe(`app_logs_d${day}`);
  });

  it('moves rows from the default partition into a day created later', async () => {
    const times = [DAY_ONE + 5, DAY_ONE + DAY_US - 1, DAY_ONE + DAY_US];
    await placeLogRows(
      db,
      times.map((time) => toLogRow(appId, { level: 'info', data: 'early' }, time)),
    );
    expect(await partitionOf(DAY_ONE + 5)).toBe('app_logs_default');
    await ensureDayPartition(db, DAY_ONE + 1000);
    await ensureDayPartition(db, DAY_ONE + 1000); // a second time: nothing to do
    expect(await partitionOf(DAY_ONE + 5)).toBe('app_logs_d20250110');
    expect(await partitionOf(DAY_ONE + DAY_US - 1)).toBe('app_logs_d20250110');
    expect(await partitionOf(DAY_ONE + DAY_US)).toBe('app_logs_default');
  });

  it('plans a page without q once per connection, generically', async () => {
    // A pool of 4 keeps one connection for these pages, so every page below runs on it.
    const reader = openDatabase(database.url, { poolSize: 4 });
    try {
      for (const raw of [{ limit: '5' }, { before: String(Date.now() / 1000) }, { limit: '7' }]) {
        await queryLogs(reader, appId, parseLogQuery(raw));
      }
      const plans = await runWithGenericPlan(
        reader,
        CompiledQuery.raw(
          'select generic_plans, custom_plans from pg_prepared_statements where statement like $1 order by 1',
          ['%"app_logs"%'],
        ),
      );
      // Two statement texts (with and without `before`); no custom plan ever.
      expect(plans).toEqual([
        { generic_plans: 1, custom_plans: 0 },
        { generic_plans: 2, custom_plans: 0 },
      ]);
    } finally {
      await reader.destroy();
    }
  });

  it('prunes by dropping whole days and deleting the rest, counting both', async () => {
    const cutoffUs = DAY_ONE + DAY_US + 10;
    const deleted = await pruneLogs(db, cutoffUs / 1e6);
    expect(deleted).toBe(3);
    const left = await sql<{
      name: string | null;
    }>`select to_regclass('app_logs_d20250110')::text as name`.execute(db);
    expect(left.rows[0]?.name).toBeNull();
    expect(await partitionOf(DAY_ONE + DAY_US)).toBeUndefined();
    const kept = await db.selectFrom('app_logs').select('data').execute();
    expect(kept.map((row) => row.data)).toEqual(['"now"']);
  });
});
