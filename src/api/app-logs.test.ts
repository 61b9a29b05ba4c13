// The app logs resource module against the real service over HTTP, on a real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../server/platform/test-support.test-helper';
import { fetchAppLogsPage, ingestAppLogs } from './app-logs';
import { createApiClient, isApiError, type ApiClient } from './client';

let api: TestApi;
let client: ApiClient;
// `analytics` is quiet in tests: the demo log generator runs only in the real process.
const APP = 'analytics';

beforeAll(async () => {
  api = await startTestApi();
  client = createApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' }),
  });
});

afterAll(async () => {
  await api.close();
});

describe('app logs resource', () => {
  it('pages newest first without since and ascending with since, times round-tripping', async () => {
    const stored = await ingestAppLogs(
      APP,
      { logs: Array.from({ length: 5 }, (_, i) => ({ level: 'info', data: { n: i } })) },
      client,
    );
    expect(stored).toHaveLength(5);
    const newest = await fetchAppLogsPage(APP, { limit: 3 }, undefined, client);
    expect(newest.map((entry) => entry.id)).toEqual(
      stored
        .slice(-3)
        .reverse()
        .map((entry) => entry.id),
    );
    // `time` goes back as `since` exactly as JSON gave it: the entry itself is the first match.
    const third = stored[2]!;
    const ascending = await fetchAppLogsPage(
      APP,
      { since: third.time, limit: 200 },
      undefined,
      client,
    );
    expect(ascending[0]?.id).toBe(third.id);
    expect(ascending.slice(0, 3).map((entry) => entry.id)).toEqual(
      stored.slice(2).map((entry) => entry.id),
    );
    for (const entry of ascending) expect(typeof entry.created_at).toBe('string');
  });

  it('passes level, job and q through', async () => {
    await ingestAppLogs(
      APP,
      {
        logs: [
          {
            level: 'error',
            data: { message: 'payment failed badly' },
            context: { job: { name: 'nightly' } },
          },
          { level: 'warn', data: 'disk almost full' },
          { level: 'debug', data: { message: 'payment noise' } },
        ],
      },
      client,
    );
    const errors = await fetchAppLogsPage(APP, { level: 'error', limit: 200 }, undefined, client);
    expect(
      errors.every(
        (entry) => entry.level === 'error' || entry.level === 'fatal' || entry.level === 'unknown',
      ),
    ).toBe(true);
    const job = await fetchAppLogsPage(APP, { job: 'nightly' }, undefined, client);
    expect(job.map((entry) => entry.data)).toEqual([{ message: 'payment failed badly' }]);
    const search = await fetchAppLogsPage(APP, { q: 'level:error payment' }, undefined, client);
    expect(search.map((entry) => entry.data)).toEqual([{ message: 'payment failed badly' }]);
    const text = await fetchAppLogsPage(APP, { q: '"almost full"' }, undefined, client);
    expect(text.map((entry) => entry.data)).toEqual(['disk almost full']);
  });

  it('fails with an ApiError naming the status for an unknown app', async () => {
    const error = await fetchAppLogsPage('no-such-app', {}, undefined, client).catch(
      (caught: unknown) => caught,
    );
    expect(isApiError(error) && error.status).toBe(404);
  });

  it('is aborted by its signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fetchAppLogsPage(APP, {}, controller.signal, client)).rejects.toThrow();
  });
});
