// The tail engine over the real service (HTTP, real SQLite file, the service's own 8 MiB page
// bound) with entries of about 1 MiB, several to a page (issue 42): a page the service cut by its
// bytes (`log-page-cut`) is not the end of the range. Every entry arrives in the tail once, in
// order, both in the first page of older entries and in a burst that one follow cannot hold.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertApp } from '../../../../server/apps/store/apps';
import { toLogRow } from '../../../../server/logs/store/app-logs-rows';
import { placeLogRows } from '../../../../server/logs/store/app-logs-write';
import {
  appFixture,
  startTestApi,
  type TestApi,
} from '../../../../server/platform/test-support.test-helper';
import { LOG_PAGE_BYTES_MAX } from '../../../../contract/schemas/app-log';
import { fetchAppLogsPage, ingestAppLogs } from '../../../api/app-logs';
import { createApiClient, type ApiClient } from '../../../api/client';
import { TailEngine } from './tail-engine';

const APP = 'big-entries';
/** About 0.9 MB of JSON an entry, under the 1 MiB body of one ingestion: 9 to a page. */
const PAD = 'x'.repeat(900_000);
/** Enough for more than one page each time. */
const ENTRIES = 12;
/**
 * How long a wait on the tail may last before the test is called hung: 24 entries of 0.9 MB
 * through the service and the engine took 28–48 s of wall beside two busy loops at load 45–55.
 */
const WAIT_MS = 120_000;
const TEST_MS = 3 * WAIT_MS;

let api: TestApi;
let client: ApiClient;
let appId = 0;

beforeAll(async () => {
  api = await startTestApi();
  appId = await insertApp(api.db, 'demo', appFixture(APP));
  client = createApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' }),
  });
});

afterAll(async () => {
  await api.close();
});

const ids = (entries: ReadonlyArray<{ id: string }>) => entries.map((entry) => entry.id);

describe('TailEngine over pages cut by bytes', () => {
  it(
    'gets every entry of about 1 MiB once, from its first page and from a burst',
    async () => {
      expect(PAD.length * ENTRIES).toBeGreaterThan(LOG_PAGE_BYTES_MAX);
      const stored = [];
      for (let n = 0; n < ENTRIES; n += 1) {
        stored.push(
          ...(await ingestAppLogs(
            APP,
            { logs: [{ level: 'info', data: { n, pad: PAD } }] },
            client,
          )),
        );
      }

      const engine = new TailEngine({
        fetchPage: (query, signal) => fetchAppLogsPage(APP, query, signal, client),
        intervalMs: 100,
      });
      engine.start({});
      try {
        // The first page (newest first) is cut at 8 MiB; the older entries past the cut are read
        // too, not taken for the start of the range.
        await vi.waitFor(() => expect(engine.getSnapshot().status.kind).toBe('live'), {
          timeout: WAIT_MS,
        });
        expect(ids(engine.getSnapshot().entries)).toEqual(ids(stored));

        // A burst committed at once, more than one page: the waiting tail's page is cut too.
        const lastUs = Math.round((stored.at(-1)?.time ?? 0) * 1_000_000);
        const rows = Array.from({ length: ENTRIES }, (_, i) =>
          toLogRow(
            appId,
            { level: 'info', data: { n: ENTRIES + i, pad: PAD } },
            lastUs + (i + 1) * 1000,
          ),
        );
        const placed = await placeLogRows(api.db, rows);
        api.app.logNotifier.notify(appId, null);
        await vi.waitFor(
          () => expect(engine.getSnapshot().entries.length).toBeGreaterThanOrEqual(2 * ENTRIES),
          { timeout: WAIT_MS },
        );
        const burst = engine.getSnapshot().entries.slice(ENTRIES);
        expect(burst.map((entry) => Math.round(entry.time * 1_000_000))).toEqual(
          placed.map((row) => row.time_us),
        );
        expect(engine.getSnapshot().entries).toHaveLength(2 * ENTRIES);
        expect(new Set(ids(engine.getSnapshot().entries)).size).toBe(2 * ENTRIES);
      } finally {
        engine.stop();
      }
    },
    TEST_MS,
  );
});
