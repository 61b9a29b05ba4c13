import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAppRow } from '../apps/store/apps';
import { startLogRetention } from '../platform/retention';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';
import { startDemoLogGenerator } from './log-generator';
import { seeded } from './seeded-random.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function countLogs(appId: number): Promise<number> {
  const row = await api.db
    .selectFrom('app_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('demo log generator', () => {
  it('writes through the ingestion path, starting with a burst, and stops cleanly', async () => {
    const storefront = await findAppRow(api.db, 'demo', 'storefront');
    const stop = startDemoLogGenerator(api.db, api.app.logNotifier, { random: seeded(3) });
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
      const stop = startLogRetention(api.db, api.app.logNotifier, 1e-9, (count, error) => {
        stop();
        if (error)
          reject(error instanceof Error ? error : new Error('retention failed', { cause: error }));
        else resolve(count);
      });
    });
    expect(deleted).toBeGreaterThanOrEqual(before);
    expect(await countLogs(storefront?.id ?? -1)).toBe(0);
  });
});
