/**
 * `job_match` over an app with thousands of job names (issue 42): the pattern is resolved inside
 * the statement that reads, so no cap on the app's names (1,000 scanned) or on the names matched
 * (20) switches the filter off, and the read stays within its budget on both engines (a 503
 * `too_slow` would fail these tests as surely as the old 400 `too_many`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema } from '../../../contract/schemas/app-log';
import { logVolumeSchema } from '../../../contract/schemas/app-log-volume';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows } from '../store/app-logs-write';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
const KEY = 'many-job-names';
const T0 = 1_795_000_000;
/** Names per family: 'batch-N' and 'sync-N', 1,200 in all (past the old scan of 1,000). */
const PER_FAMILY = 600;
const LAST = String(PER_FAMILY - 1);

beforeAll(async () => {
  api = await startTestApi();
  const appId = await insertApp(api.db, 'demo', appFixture(KEY));
  const rows = Array.from({ length: PER_FAMILY * 2 }, (_, index) => {
    const family = index % 2 === 0 ? 'batch' : 'sync';
    const name = `${family}-${String(Math.floor(index / 2))}`;
    return toLogRow(
      appId,
      { level: index % 3 === 0 ? 'error' : 'info', data: name, context: { job: { name } } },
      (T0 + index) * 1_000_000,
    );
  });
  for (let start = 0; start < rows.length; start += 500) {
    await placeLogRows(api.db, rows.slice(start, start + 500));
  }
}, 120_000);

afterAll(async () => {
  await api.close();
});

async function page(query: Record<string, string>) {
  const res = await api.request('GET', `/apps/${KEY}/logs?${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  return z
    .array(appLogEntrySchema)
    .parse(res.json)
    .map((entry) => entry.data);
}

describe('job_match over thousands of job names', () => {
  it('finds the newest entries of 600 names matched by a prefix, ignoring case', async () => {
    const newest = await page({ job: 'SYNC-', job_match: 'prefix', limit: '3' });
    expect(newest).toEqual([
      `sync-${LAST}`,
      `sync-${String(PER_FAMILY - 2)}`,
      `sync-${String(PER_FAMILY - 3)}`,
    ]);
  });

  it('reads in time order from `since`, and keeps the level', async () => {
    const oldest = await page({
      job: 'batch',
      job_match: 'prefix',
      since: String(T0),
      level: 'error',
      limit: '3',
    });
    // index 0, 6, 12: batch-0, batch-3, batch-6 (errors are every third entry).
    expect(oldest).toEqual(['batch-0', 'batch-3', 'batch-6']);
  });

  it('finds a part of a name among all of them, and one name alone', async () => {
    expect(await page({ job: `-${LAST}`, job_match: 'contains' })).toEqual([
      `sync-${LAST}`,
      `batch-${LAST}`,
    ]);
    expect(await page({ job: 'batch-42', job_match: 'prefix', limit: '20' })).toEqual([
      'batch-429',
      'batch-428',
      'batch-427',
      'batch-426',
      'batch-425',
      'batch-424',
      'batch-423',
      'batch-422',
      'batch-421',
      'batch-420',
      'batch-42',
    ]);
  });

  it('takes LIKE wildcards as text', async () => {
    expect(await page({ job: '%', job_match: 'contains' })).toEqual([]);
    expect(await page({ job: 'sync_', job_match: 'prefix' })).toEqual([]);
  });

  it('counts every matching entry in the volume', async () => {
    const res = await api.request(
      'GET',
      `/apps/${KEY}/logs/volume?${new URLSearchParams({
        since: String(T0),
        before: String(T0 + PER_FAMILY * 2 + 30),
        buckets: '7',
        job: 'sync',
        job_match: 'prefix',
      })}`,
    );
    expect(res.status, res.text).toBe(200);
    const buckets = logVolumeSchema.parse(res.json).buckets;
    const total = buckets.reduce(
      (sum, bucket) => sum + Object.values(bucket.counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(PER_FAMILY);
  });
});
