import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIngestEntrySchema, LOG_LEVELS } from '../../src/api/schemas/app-log';
import { findAppRow } from '../store/apps';
import { startLogRetention } from '../retention';
import { startTestApi, type TestApi } from '../test-support';
import { demoLogEntry, startDemoLogGenerator } from './log-generator';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** A seeded pseudo-random sequence, so the test sees the same entries every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function countLogs(appId: number): Promise<number> {
  const row = await api.db
    .selectFrom('app_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo log entries', () => {
  it('are valid ingestion entries covering every level, some from jobs', () => {
    const random = seeded(7);
    const entries = Array.from({ length: 2000 }, () => demoLogEntry('storefront', random));
    for (const entry of entries) expect(logIngestEntrySchema.safeParse(entry).success).toBe(true);
    expect(new Set(entries.map((entry) => entry.level))).toEqual(new Set(LOG_LEVELS));
    const jobs = entries.filter((entry) => {
      const job = (entry.context as { job?: { name?: string } } | null | undefined)?.job;
      return job?.name === 'sync-inventory' || job?.name === 'send-digest';
    });
    expect(jobs.length).toBeGreaterThan(200);
    expect(entries.some((entry) => typeof entry.data === 'string')).toBe(true);
  });
});

describe('demo log generator', () => {
  it('writes through the ingestion path, starting with a burst, and stops cleanly', async () => {
    const storefront = await findAppRow(api.db, 'demo', 'storefront');
    const stop = startDemoLogGenerator(api.db, { random: seeded(3) });
    try {
      await expect
        .poll(() => countLogs(storefront?.id ?? -1), { timeout: 5_000 })
        .toBeGreaterThanOrEqual(200);
    } finally {
      await stop();
    }
  });

  it('prunes entries older than the retention period', async () => {
    const storefront = await findAppRow(api.db, 'demo', 'storefront');
    const before = await countLogs(storefront?.id ?? -1);
    expect(before).toBeGreaterThan(0);
    const deleted = await new Promise<number>((resolve, reject) => {
      // A retention of a few milliseconds: everything written above is older than that.
      const stop = startLogRetention(api.db, 1e-9, (count, error) => {
        stop();
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(count);
      });
    });
    expect(deleted).toBeGreaterThanOrEqual(before);
    expect(await countLogs(storefront?.id ?? -1)).toBe(0);
  });
});
