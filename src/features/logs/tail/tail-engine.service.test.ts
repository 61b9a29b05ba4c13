// The tail engine over the real service (HTTP, real SQLite file) with the real clock: bursts
// larger than a page between two polls, filters, and a page size of one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../../../server/platform/test-support.test-helper';
import { fetchAppLogsPage, ingestAppLogs } from '../../../api/app-logs';
import { createApiClient, type ApiClient } from '../../../api/client';
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { TailEngine, type TailFilter } from './tail-engine';

let api: TestApi;
let client: ApiClient;
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

function engineFor(filter: TailFilter, limit = 200): TailEngine {
  const engine = new TailEngine({
    fetchPage: (query, signal) => fetchAppLogsPage(APP, query, signal, client),
    intervalMs: 100,
    limit,
  });
  engine.start(filter);
  return engine;
}

async function ingest(
  count: number,
  make: (i: number) => { level: 'info' | 'error'; job?: string },
) {
  const stored: AppLogEntry[] = [];
  for (let offset = 0; offset < count; offset += 1000) {
    const size = Math.min(1000, count - offset);
    stored.push(
      ...(await ingestAppLogs(
        APP,
        {
          logs: Array.from({ length: size }, (_, i) => {
            const { level, job } = make(offset + i);
            return {
              level,
              data: { n: offset + i },
              context: job ? { job: { name: job } } : null,
            };
          }),
        },
        client,
      )),
    );
  }
  return stored;
}

describe('TailEngine over the real service', () => {
  it('gets a burst of 2,500 entries exactly once, in order, and filtered ones only', async () => {
    const all = engineFor({});
    const errors = engineFor({ level: 'error', job: 'sync' });
    await vi.waitFor(() => expect(all.getSnapshot().status.kind).toBe('live'), { timeout: 15_000 });
    await vi.waitFor(() => expect(errors.getSnapshot().status.kind).toBe('live'), {
      timeout: 15_000,
    });
    const before = all.getSnapshot().entries.length;

    const stored = await ingest(2500, (i) => ({
      level: i % 7 === 0 ? 'error' : 'info',
      job: i % 2 === 0 ? 'sync' : undefined,
    }));
    await vi.waitFor(() => expect(all.getSnapshot().entries.length).toBe(before + stored.length), {
      timeout: 15_000,
    });
    const tail = all
      .getSnapshot()
      .entries.slice(before)
      .map((entry) => entry.id);
    expect(tail).toEqual(stored.map((entry) => entry.id));
    expect(all.getSnapshot().appended).toBe(stored.length);

    const wanted = stored.filter((_, i) => i % 7 === 0 && i % 2 === 0).map((entry) => entry.id);
    await vi.waitFor(
      () =>
        expect(
          errors
            .getSnapshot()
            .entries.map((entry) => entry.id)
            .slice(-wanted.length),
        ).toEqual(wanted),
      { timeout: 15_000 },
    );
    expect(errors.getSnapshot().warnings).toEqual([]);
    all.stop();
    errors.stop();
  });

  it('follows with a page of one entry without losing or doubling any', async () => {
    const engine = engineFor({ job: 'tiny' }, 1);
    await vi.waitFor(() => expect(engine.getSnapshot().status.kind).toBe('live'), {
      timeout: 15_000,
    });
    const stored = await ingest(40, () => ({ level: 'info', job: 'tiny' }));
    await vi.waitFor(
      () =>
        expect(engine.getSnapshot().entries.map((entry) => entry.id)).toEqual(
          stored.map((entry) => entry.id),
        ),
      { timeout: 15_000 },
    );
    engine.stop();
  });
});
