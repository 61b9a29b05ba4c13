/**
 * Retention's deletes on SQLite in bounded steps (app-logs-prune-steps.ts): a large backlog goes
 * in steps of at most `maxRows` rows with a turn of the event loop between, and the volume rollup
 * matches the rows left after them, wherever the steps cut the minutes.
 */
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import type { Db } from '../../database/schema';
import { toLogRow } from './app-logs-rows';
import { placeLogRows, pruneLogs } from './app-logs-write';
import { pruneAppInSteps, SQLITE_PRUNE_STEPS } from './app-logs-prune-steps';
import { countLogVolume } from './app-logs-volume';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';
import { testEngine } from '../../database/test-database.test-helper';
import { turnsDuring } from './event-loop-turns.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

const MINUTE_US = 60_000_000;
const BASE_US = 1_763_769_600_000_000; // 2025-11-22T00:00:00Z, a minute's start
const JOBS = [null, 'sync', 'mail'] as const;

/** `count` entries `gapUs` apart from BASE_US + 7 µs, of every level and a few jobs. */
async function appWithEntries(count: number, gapUs: number): Promise<number> {
  const appId = await createLogApp(db);
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const n = start + k;
      const job = JOBS[n % JOBS.length] ?? null;
      const entry = {
        level: LOG_LEVELS[n % LOG_LEVELS.length] ?? 'info',
        data: `entry ${String(n)}`,
        context: job === null ? null : { job: { name: job } },
      };
      return toLogRow(appId, entry, BASE_US + 7 + n * gapUs);
    });
    await placeLogRows(db, rows);
  }
  return appId;
}

async function countRows(appId: number): Promise<number> {
  const row = await db
    .selectFrom('app_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The rollup's counts equal the rows' over the whole span, for all and for one job. */
async function expectRollupMatchesRows(appId: number): Promise<void> {
  for (const job of [undefined, 'sync']) {
    const filter = {
      sinceUs: BASE_US - MINUTE_US,
      beforeUs: BASE_US + 120 * MINUTE_US,
      buckets: 120,
      ...(job === undefined ? {} : { job }),
    };
    const rolledUp = await countLogVolume(db, appId, filter);
    const fromRows = await countLogVolume(db, appId, filter, { fromRows: true });
    expect(rolledUp.buckets).toEqual(fromRows.buckets);
  }
}

describe.skipIf(testEngine !== 'sqlite')('retention in bounded steps (SQLite)', () => {
  it('deletes a backlog in steps of at most maxRows with a turn of the event loop between', async () => {
    const backlog = 5 * SQLITE_PRUNE_STEPS.maxRows;
    // 12,000 entries 5 ms apart: 60 s of them, two kept after the cutoff.
    const appId = await appWithEntries(backlog + 2_000, 5_000);
    const cutoffUs = BASE_US + 7 + backlog * 5_000;
    const { result, turns } = await turnsDuring(() => pruneLogs(db, cutoffUs / 1e6));
    expect(result).toBe(backlog);
    expect(await countRows(appId)).toBe(2_000);
    // One DELETE of 10,000 rows gave the event loop no turn.
    expect(turns).toBeGreaterThanOrEqual(backlog / SQLITE_PRUNE_STEPS.maxRows - 1);
    await expectRollupMatchesRows(appId);
  }, 60_000);

  it('keeps the rollup right whatever minutes the steps cut', async () => {
    // 700 entries 7.3 s apart (85 minutes): tiny steps cut inside minutes and on their starts.
    const appId = await appWithEntries(700, 7_300_000);
    const steps: number[] = [];
    const cutoffUs = BASE_US + 61 * MINUTE_US + 12_345;
    const bounds = { maxRows: 13, minRows: 13, stepMs: 1_000 };
    const deleted = await pruneAppInSteps(db, appId, cutoffUs, bounds, (n) => steps.push(n));
    expect(deleted).toBe(Math.ceil((cutoffUs - BASE_US - 7) / 7_300_000));
    expect(steps.every((n) => n > 0 && n <= bounds.maxRows)).toBe(true);
    expect(steps.reduce((a, b) => a + b, 0)).toBe(deleted);
    await expectRollupMatchesRows(appId);
  }, 60_000);
});
