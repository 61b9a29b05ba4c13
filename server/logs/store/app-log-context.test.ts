/**
 * "Show context" reads its neighbours in steps (issue 42): each statement at most the rows the
 * last one's time allows, the first a single row, with a turn of the event loop between two
 * statements and between the two sides. On SQLite (statements on the event loop) eight wide
 * entries read in one statement held it for ~80 ms of a quiet machine's time, seconds on a busy
 * one. Counted in turns of the event loop, never in time.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { logContextJson } from './app-log-context';
import { toLogRow } from './app-logs-rows';
import { placeLogRows } from './app-logs-write';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';
import { turnsDuring } from './event-loop-turns.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

const BASE_US = 1_763_769_600_000_000;

/** `count` entries 1 ms apart; returns their row ids in time order. */
async function appWithEntries(count: number): Promise<{ appId: number; ids: number[] }> {
  const appId = await createLogApp(db);
  const rows = Array.from({ length: count }, (_, n) =>
    toLogRow(appId, { level: 'info', data: { n } }, BASE_US + n * 1000),
  );
  const placed = await placeLogRows(db, rows);
  const ids = [...placed].sort((a, b) => a.time_us - b.time_us).map((row) => row.id);
  return { appId, ids };
}

function neighbours(json: string | null): { before: number[]; after: number[] } {
  const context = JSON.parse(json ?? 'null') as {
    before: Array<{ data: { n: number } }>;
    after: Array<{ data: { n: number } }>;
  };
  return {
    before: context.before.map((entry) => entry.data.n),
    after: context.after.map((entry) => entry.data.n),
  };
}

describe('context', () => {
  it('reads the nearest neighbour in a statement of its own and gives the event loop turns between steps and sides', async () => {
    const { appId, ids } = await appWithEntries(12);
    // Eight before: at most 1, 2, 4 rows in the first three statements (doubling is the fastest
    // growth), so at least four statements and three turns on that side, and one between sides.
    const { result, turns } = await turnsDuring(() =>
      logContextJson(db, appId, ids[9] ?? 0, { before: 8, after: 2 }),
    );
    expect(neighbours(result)).toEqual({ before: [1, 2, 3, 4, 5, 6, 7, 8], after: [10, 11] });
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it('answers the same neighbours whatever the step sizes: none lost or doubled at the edges', async () => {
    const { appId, ids } = await appWithEntries(40);
    for (const [at, before, after] of [
      [0, 5, 5],
      [39, 20, 20],
      [20, 20, 20],
      [20, 0, 3],
    ] as const) {
      const { before: older, after: newer } = neighbours(
        await logContextJson(db, appId, ids[at] ?? 0, { before, after }),
      );
      const expectedBefore = Array.from(
        { length: Math.min(before, at) },
        (_, k) => at - k - 1,
      ).reverse();
      const expectedAfter = Array.from({ length: Math.min(after, 39 - at) }, (_, k) => at + k + 1);
      expect(older).toEqual(expectedBefore);
      expect(newer).toEqual(expectedAfter);
    }
  });
});
