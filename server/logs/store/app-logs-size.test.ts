/**
 * Retention by size (issue 26, decision 040) and the stored size it reads from the minute
 * rollup (`bytes`, migration 011), kept exact by ingestion and by retention by age.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { queryLogs } from './app-logs-read';
import { toLogRow } from './app-logs-rows';
import { placeLogRows, insertLogs, pruneLogs } from './app-logs-write';
import { parseLogQuery } from '../routes/log-query-params';
import { rowBytes, rowBytesSql } from './app-logs-rollup';
import { pruneLogsToSize, storedLogBytes } from './app-logs-size';
import { createLogApp, entriesOf, useLogStoreDatabase } from './log-store-database.test-helper';
import { startLogRetention } from '../../platform/retention';
import { InProcessLogNotifier } from '../waits/log-notifier';

let db: Db;
useLogStoreDatabase((opened) => {
  db = opened.db;
});

const MINUTE_US = 60_000_000;
/** A whole minute, far in the past. */
const T0_US = 1_700_000_040 * 1_000_000;

/** The size of an app's rows as SQL counts it: what the rollup must hold. */
async function bytesOfRows(appId: number): Promise<number> {
  const row = await db
    .selectFrom('app_logs')
    .select(sql<number | string | null>`sum(${rowBytesSql(db)})`.as('bytes'))
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** `perMinute` entries of ~`size` characters in each of `minutes` minutes from T0. */
async function fill(appId: number, minutes: number, perMinute: number, size: number) {
  const rows = [];
  for (let m = 0; m < minutes; m += 1) {
    for (let i = 0; i < perMinute; i += 1) {
      rows.push(
        toLogRow(
          appId,
          {
            level: i % 2 === 0 ? 'info' : 'error',
            data: { message: 'x'.repeat(size), minute: m },
            ...(i % 3 === 0 ? { context: { job: { name: 'sync' } } } : {}),
          },
          T0_US + m * MINUTE_US + i * 1000,
        ),
      );
    }
  }
  await placeLogRows(db, rows);
  return rows;
}

describe('an app’s stored size', () => {
  it('is the sum of its rows’ sizes, after ingestion and after retention by age', async () => {
    const appId = await createLogApp(db);
    const rows = await fill(appId, 3, 10, 100);
    await insertLogs(db, appId, [
      { level: 'warn', data: 'ünïcode text', context: { job: { name: 'nightly' } } },
    ]);
    expect(await storedLogBytes(db, appId)).toBe(await bytesOfRows(appId));
    expect(await storedLogBytes(db, appId)).toBeGreaterThan(
      rows.reduce((sum, row) => sum + rowBytes(row), 0),
    );
    // A cutoff inside a minute: that minute loses only the rows before it.
    await pruneLogs(db, (T0_US + MINUTE_US + 5500) / 1e6);
    expect(await storedLogBytes(db, appId)).toBe(await bytesOfRows(appId));
  });
});

describe('retention by size', () => {
  it('deletes an app’s oldest whole minutes until the rest fits, and leaves other apps', async () => {
    const big = await createLogApp(db);
    const small = await createLogApp(db);
    await fill(big, 5, 20, 200);
    await fill(small, 5, 2, 200);
    const perMinute = (await storedLogBytes(db, big)) / 5;
    const smallBefore = await storedLogBytes(db, small);
    // Room for two and a half minutes: the newest two stay.
    const deleted = await pruneLogsToSize(db, Math.floor(perMinute * 2.5));
    expect(deleted).toBe(60);
    const left = entriesOf(await queryLogs(db, big, parseLogQuery({ limit: '200' })));
    expect(left).toHaveLength(40);
    expect(new Set(left.map((entry) => (entry.data as { minute: number }).minute))).toEqual(
      new Set([3, 4]),
    );
    expect(await storedLogBytes(db, big)).toBe(await bytesOfRows(big));
    expect(await storedLogBytes(db, small)).toBe(smallBefore);
    // Nothing more to do.
    expect(await pruneLogsToSize(db, Math.floor(perMinute * 2.5))).toBe(0);
  });

  it('runs with retention by age, in startLogRetention', async () => {
    const appId = await createLogApp(db);
    await fill(appId, 3, 4, 300);
    const perMinute = (await storedLogBytes(db, appId)) / 3;
    // Ten years of retention by age (nothing that old here); room for one minute and a half.
    const deleted = await new Promise<number>((done, fail) => {
      const stop = startLogRetention(
        db,
        new InProcessLogNotifier(),
        3650,
        (count, error) => {
          stop();
          if (error === undefined) done(count);
          else fail(error instanceof Error ? error : new Error('retention failed'));
        },
        3_600_000,
        Math.floor(perMinute * 1.5),
      );
    });
    expect(deleted).toBeGreaterThanOrEqual(8);
    expect(entriesOf(await queryLogs(db, appId, parseLogQuery({})))).toHaveLength(4);
  });

  it('keeps the newest minute even when it alone is larger', async () => {
    const appId = await createLogApp(db);
    await fill(appId, 2, 5, 500);
    await pruneLogsToSize(db, 10);
    const left = entriesOf(await queryLogs(db, appId, parseLogQuery({})));
    expect(left).toHaveLength(5);
    expect(await storedLogBytes(db, appId)).toBe(await bytesOfRows(appId));
  });
});
