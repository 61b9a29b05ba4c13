// A page with field conditions against a service that reads a bounded window (decision 076): the
// client follows `log-scanned-until` so the log viewer gets the page an unbounded read would give,
// and a rare value never looks like "no older entries". Real service over HTTP, real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../server/platform/test-support.test-helper';
import { fetchAppLogsPage, ingestAppLogs, LOG_SCAN_FOLLOW_MAX } from './app-logs';
import { createApiClient, isApiError, type ApiClient } from './client';

const SCAN_ROWS = 20;
const APP = 'analytics';
let api: TestApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startTestApi({ logReadLimits: { fieldScanRows: SCAN_ROWS } });
  client = createApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' }),
  });
});

afterAll(async () => {
  await api.close();
});

describe('pages with field conditions over a bounded window', () => {
  it('are filled past the window, newest first and ascending, as an unbounded read', async () => {
    // Every 15th entry is a 500: fewer than one per window of 20 rows.
    const stored = await ingestAppLogs(
      APP,
      {
        logs: Array.from({ length: 150 }, (_, i) => ({
          level: 'info',
          data: { status: i % 15 === 0 ? 500 : 200, n: i },
        })),
      },
      client,
    );
    const rare = stored.filter(
      (entry) => typeof entry.data !== 'string' && entry.data.status === 500,
    );
    expect(rare).toHaveLength(10);

    const newest = await fetchAppLogsPage(
      APP,
      { where: ['status:500'], limit: 4 },
      undefined,
      client,
    );
    expect(newest.map((entry) => entry.id)).toEqual(
      rare
        .slice(-4)
        .reverse()
        .map((entry) => entry.id),
    );
    const ascending = await fetchAppLogsPage(
      APP,
      { where: ['status:500'], since: stored[0]!.time, limit: 200 },
      undefined,
      client,
    );
    expect(ascending.map((entry) => entry.id)).toEqual(rare.map((entry) => entry.id));
  });

  it('answer a clear error, not a short page, when the value is rarer than the windows can follow', async () => {
    const count = SCAN_ROWS * (LOG_SCAN_FOLLOW_MAX + 2);
    await ingestAppLogs(
      APP,
      { logs: Array.from({ length: count }, (_, i) => ({ level: 'info', data: { k: i } })) },
      client,
    );
    const error = await fetchAppLogsPage(
      APP,
      { where: ['k:0'], limit: 10 },
      undefined,
      client,
    ).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isApiError(error) && error.status).toBe(503);
    expect(isApiError(error) && error.message).toMatch(/narrow the time range/);
  });
});
