// A page the service cut by its bytes (`log-page-cut`, decision 076; issue 42): the client goes on
// from the page's last entry until the page is full, so the tail engine, which reads a short page
// as the end of the range, never takes a cut for "no older entries". Real service over HTTP, its
// page bound set small.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApp } from '../../server/apps/store/apps';
import { toLogRow } from '../../server/logs/store/app-logs-rows';
import { placeLogRows } from '../../server/logs/store/app-logs-write';
import { formatLogId } from '../../server/logs/store/app-logs-page';
import {
  appFixture,
  startTestApi,
  type TestApi,
} from '../../server/platform/test-support.test-helper';
import { LOG_PAGE_CUT_HEADER } from '../../contract/schemas/app-log';
import { fetchAppLogsPage } from './app-logs';
import { createApiClient, type ApiClient } from './client';

/** Three or four entries of ENTRY_CHARS to a page. */
const PAGE_BYTES = 4_500;
const ENTRY_CHARS = 1_000;
const T0_US = 1_790_000_000_000_000;

let api: TestApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startTestApi({ logReadLimits: { pageBytes: PAGE_BYTES } });
  client = createApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' }),
  });
});

afterAll(async () => {
  await api.close();
});

/** Stores one entry per time (µs after T0_US), in order; returns their ids. */
async function storeAt(key: string, offsetsUs: readonly number[]): Promise<string[]> {
  const appId = await insertApp(api.db, 'demo', appFixture(key));
  const ids: string[] = [];
  for (const [n, offset] of offsetsUs.entries()) {
    const row = toLogRow(
      appId,
      { level: 'info', data: { n, pad: 'x'.repeat(ENTRY_CHARS) } },
      T0_US + offset,
    );
    const [placed] = await placeLogRows(api.db, [row]);
    if (placed) ids.push(formatLogId(placed.id));
  }
  return ids;
}

/** What the service itself answers to one request: its entry count and whether it cut. */
async function rawPage(key: string, query: string): Promise<{ count: number; cut: string | null }> {
  const response = await fetch(`${api.baseUrl}/api/apps/${key}/logs?${query}`, {
    headers: { authorization: `Bearer ${api.adminToken}`, 'x-service-site': 'demo' },
  });
  const page = (await response.json()) as unknown[];
  return { count: page.length, cut: response.headers.get(LOG_PAGE_CUT_HEADER) };
}

describe('pages cut by bytes', () => {
  it('are filled from where the cut stopped, newest first and ascending, each entry once', async () => {
    const ids = await storeAt(
      'cut-page',
      Array.from({ length: 10 }, (_, i) => i * 10),
    );
    const since = (T0_US / 1_000_000).toString();
    const first = await rawPage('cut-page', 'limit=200');
    // The service's own page: a few entries and the cut, not all ten.
    expect(first.cut).toBe('bytes');
    expect(first.count).toBeGreaterThan(1);
    expect(first.count).toBeLessThan(5);

    const newest = await fetchAppLogsPage('cut-page', { limit: 200 }, undefined, client);
    expect(newest.map((entry) => entry.id)).toEqual([...ids].reverse());
    const ascending = await fetchAppLogsPage('cut-page', { since, limit: 200 }, undefined, client);
    expect(ascending.map((entry) => entry.id)).toEqual(ids);
  });

  it('stop at the limit, and go on from the last entry given on the next page', async () => {
    const ids = await storeAt(
      'cut-limit',
      Array.from({ length: 11 }, (_, i) => i * 10),
    );
    const newest = await fetchAppLogsPage('cut-limit', { limit: 6 }, undefined, client);
    expect(newest.map((entry) => entry.id)).toEqual(ids.slice(5).reverse());
    const older = await fetchAppLogsPage(
      'cut-limit',
      { limit: 6, before: newest.at(-1)?.time },
      undefined,
      client,
    );
    expect(older.map((entry) => entry.id)).toEqual(ids.slice(0, 5).reverse());
  });
});
