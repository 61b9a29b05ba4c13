/**
 * Decision 076 (issue 41) and issue 42, on a real service: a page or a volume with field conditions
 * reads at most `fieldScanRows` rows of its range and says where it stopped (the
 * `log-scanned-until` header, the volume's `counted_since`), so following it finds every match;
 * a page's answer is cut to `pageBytes` (the `log-page-cut` header) and the next page goes on from
 * its last entry. Small bounds here (50 rows, 64 kB) stand for the defaults (20,000 rows, 8 MiB).
 * The time budget of a read without `q` is one of the same limits (issue 42).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appLogEntrySchema,
  LOG_PAGE_CUT_HEADER,
  LOG_SCANNED_UNTIL_HEADER,
  type AppLogEntry,
} from '../../../contract/schemas/app-log';
import { logVolumeSchema, type LogVolume } from '../../../contract/schemas/app-log-volume';
import { errorBodySchema } from '../../../contract/schemas/error';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const SCAN_ROWS = 50;
const PAGE_BYTES = 64 * 1024;
const ENTRIES = 230;

let api: TestApi;
let appCount = 0;

async function newApp(): Promise<string> {
  appCount += 1;
  const key = `bounds-app-${String(appCount)}`;
  await insertApp(api.db, 'demo', appFixture(key));
  return key;
}

async function post(key: string, datas: ReadonlyArray<Record<string, unknown>>) {
  const res = await api.request('POST', `/apps/${key}/logs`, {
    body: { logs: datas.map((data) => ({ level: 'info', data })) },
  });
  expect(res.status, res.text).toBe(201);
  return z.array(appLogEntrySchema).parse(res.json);
}

async function page(key: string, query: Record<string, string>) {
  const res = await api.request(
    'GET',
    `/apps/${key}/logs?${new URLSearchParams(query).toString()}`,
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return {
    entries: z.array(appLogEntrySchema).parse(res.json),
    scannedUntil: res.headers.get(LOG_SCANNED_UNTIL_HEADER),
    cut: res.headers.get(LOG_PAGE_CUT_HEADER),
    bytes: Buffer.byteLength(res.text),
  };
}

const ids = (entries: readonly AppLogEntry[]) => entries.map((entry) => entry.id);
const statusOf = (entry: AppLogEntry) =>
  typeof entry.data === 'string' ? undefined : entry.data.status;

beforeAll(async () => {
  api = await startTestApi({ logReadLimits: { fieldScanRows: SCAN_ROWS, pageBytes: PAGE_BYTES } });
});

afterAll(async () => {
  await api.close();
});

describe('field conditions read a bounded window and say so', () => {
  let key = '';
  let stored: AppLogEntry[] = [];
  /** Every 37th entry is a 500, the rest 200: a rare value, far apart. */
  const isRare = (n: number) => n % 37 === 3;

  beforeAll(async () => {
    key = await newApp();
    stored = await post(
      key,
      Array.from({ length: ENTRIES }, (_, n) => ({ n, status: isRare(n) ? 500 : 200 })),
    );
  });

  const rare = () => stored.filter((_, n) => isRare(n));

  it('newest first: a page that did not fill names the time to go on from, and following it finds every match', async () => {
    const found: AppLogEntry[] = [];
    let before: string | null = null;
    let pages = 0;
    for (;;) {
      const query: Record<string, string> = { where: 'status:500', limit: '200' };
      if (before !== null) query.before = before;
      const answer = await page(key, query);
      pages += 1;
      found.push(...answer.entries);
      if (answer.scannedUntil === null) break;
      // Each page reads SCAN_ROWS rows: the next one starts past them.
      expect(Number(answer.scannedUntil)).toBeLessThan(before === null ? Infinity : Number(before));
      before = answer.scannedUntil;
    }
    expect(pages).toBe(Math.ceil(ENTRIES / SCAN_ROWS));
    expect(ids(found)).toEqual(ids(rare().reverse()));
  });

  it('from since: ascending, going on with since from the header', async () => {
    const found: AppLogEntry[] = [];
    let since = String(stored[0]?.time ?? 0);
    for (let pages = 0; pages < ENTRIES; pages += 1) {
      const answer = await page(key, { where: 'status:500', since, limit: '200' });
      found.push(...answer.entries);
      if (answer.scannedUntil === null) break;
      expect(Number(answer.scannedUntil)).toBeGreaterThan(Number(since));
      since = answer.scannedUntil;
    }
    expect(ids(found)).toEqual(ids(rare()));
  });

  it('a full page needs no marker (the next page goes on from its last entry); a query without a condition has none', async () => {
    const common = await page(key, { where: 'status:200', limit: '10' });
    expect(common.entries).toHaveLength(10);
    expect(common.scannedUntil).toBeNull();
    const plain = await page(key, { limit: '10' });
    expect(plain.scannedUntil).toBeNull();
  });

  it('the volume counts whole buckets of the newest rows and says from when', async () => {
    const first = stored[0]?.time ?? 0;
    const last = stored.at(-1)?.time ?? 0;
    const query = new URLSearchParams({
      since: String(first),
      before: String(last + 0.001),
      buckets: '23',
      where: 'status:200',
    });
    const res = await api.request('GET', `/apps/${key}/logs/volume?${query.toString()}`);
    expect(res.status, res.text).toBe(200);
    const volume = logVolumeSchema.parse(res.json);
    const countedSince = volume.counted_since;
    expect(countedSince).toBeDefined();
    if (countedSince === undefined) return;
    // Whole buckets: the first counted one starts at counted_since.
    expect(volume.buckets.some((bucket) => bucket.start === countedSince)).toBe(true);
    const expected = expectedCounts(volume, stored, (entry) => statusOf(entry) === 200);
    volume.buckets.forEach((bucket, index) => {
      const total = LOG_LEVELS.reduce((sum, level) => sum + bucket.counts[level], 0);
      expect(total, `bucket ${String(index)}`).toBe(
        bucket.start < countedSince ? 0 : expected[index],
      );
    });
    // At most SCAN_ROWS rows were counted, and the counted part is not empty.
    const counted = stored.filter((entry) => entry.time >= countedSince).length;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(SCAN_ROWS);
    // Without a condition the rollup counts everything: no marker.
    query.delete('where');
    const plain = await api.request('GET', `/apps/${key}/logs/volume?${query.toString()}`);
    expect(logVolumeSchema.parse(plain.json).counted_since).toBeUndefined();
  });

  it('a volume range within the bound is counted whole, without a marker', async () => {
    const from = stored[ENTRIES - 20]?.time ?? 0;
    const last = stored.at(-1)?.time ?? 0;
    const query = new URLSearchParams({
      since: String(from),
      before: String(last + 0.001),
      buckets: '4',
      where: 'status:200',
    });
    const res = await api.request('GET', `/apps/${key}/logs/volume?${query.toString()}`);
    const volume = logVolumeSchema.parse(res.json);
    expect(volume.counted_since).toBeUndefined();
    const total = volume.buckets.reduce(
      (sum, bucket) => sum + LOG_LEVELS.reduce((inner, level) => inner + bucket.counts[level], 0),
      0,
    );
    expect(total).toBe(
      stored.slice(ENTRIES - 20).filter((entry) => statusOf(entry) === 200).length,
    );
  });
});

/** Each bucket's count of the entries `keep` holds, by their float `time`. */
function expectedCounts(
  volume: LogVolume,
  entries: readonly AppLogEntry[],
  keep: (entry: AppLogEntry) => boolean,
): number[] {
  return volume.buckets.map((bucket, index) => {
    const end = volume.buckets[index + 1]?.start ?? volume.before;
    return entries.filter((entry) => entry.time >= bucket.start && entry.time < end && keep(entry))
      .length;
  });
}

describe('a page is cut to its bytes', () => {
  let key = '';
  let stored: AppLogEntry[] = [];

  beforeAll(async () => {
    key = await newApp();
    // 20 entries of about 10 kB: 200 kB in all, three times the bound.
    stored = await post(
      key,
      Array.from({ length: 20 }, (_, n) => ({ n, text: 'x'.repeat(10_000) })),
    );
  });

  it('newest first: fewer entries than asked, within the bytes, said in a header; the next pages go on from the last entry', async () => {
    const found: AppLogEntry[] = [];
    let before: string | null = null;
    let cutPages = 0;
    for (let pages = 0; pages < 20; pages += 1) {
      const query: Record<string, string> = { limit: '200' };
      if (before !== null) query.before = before;
      const answer = await page(key, query);
      expect(answer.bytes).toBeLessThanOrEqual(PAGE_BYTES);
      if (answer.cut !== null) {
        expect(answer.cut).toBe('bytes');
        cutPages += 1;
      }
      if (answer.entries.length === 0) break;
      found.push(...answer.entries);
      before = String(answer.entries.at(-1)?.time ?? 0);
    }
    expect(cutPages).toBeGreaterThanOrEqual(3);
    expect(ids(found)).toEqual(ids([...stored].reverse()));
  });

  it('ascending from since, as a tail reads', async () => {
    const answer = await page(key, { since: String(stored[0]?.time ?? 0), limit: '200' });
    expect(answer.cut).toBe('bytes');
    expect(answer.bytes).toBeLessThanOrEqual(PAGE_BYTES);
    expect(ids(answer.entries)).toEqual(ids(stored.slice(0, answer.entries.length)));
  });

  it('an entry larger than the bound still comes, alone', async () => {
    const big = await newApp();
    const [huge] = await post(big, [{ text: 'y'.repeat(PAGE_BYTES * 2) }]);
    await post(big, [{ small: true }]);
    const answer = await page(big, { since: String(huge?.time ?? 0) });
    expect(ids(answer.entries)).toEqual([huge?.id]);
    expect(answer.cut).toBe('bytes');
  });
});

describe("a read's time budget is the service's read limits", () => {
  let spent: TestApi;
  let stored: AppLogEntry[] = [];
  const key = 'budget-app';

  beforeAll(async () => {
    // No time at all: every read without `q` that reads a row is past its budget.
    spent = await startTestApi({ logReadLimits: { walkTimeBudgetMs: 0 } });
    await insertApp(spent.db, 'demo', appFixture(key));
    const res = await spent.request('POST', `/apps/${key}/logs`, {
      body: { logs: Array.from({ length: 20 }, (_, n) => ({ level: 'info', data: { n } })) },
    });
    expect(res.status, res.text).toBe(201);
    stored = z.array(appLogEntrySchema).parse(res.json);
  });

  afterAll(async () => {
    await spent.close();
  });

  it('a page, facets, a page with a condition and context answer 503 too_slow naming it', async () => {
    const middle = stored[15]?.id ?? '';
    for (const path of [
      `/apps/${key}/logs`,
      `/apps/${key}/logs?where=${encodeURIComponent('n:3')}`,
      `/apps/${key}/logs/facets?field=n`,
      `/apps/${key}/logs/${middle}/context?before=12&after=0`,
    ]) {
      const res = await spent.request('GET', path);
      expect(res.status, `${path}: ${res.text}`).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const body = errorBodySchema.parse(res.json);
      expect(body.errors[0]?.code).toBe('too_slow');
      expect(body.message).toContain('0 ms');
    }
  });
});
