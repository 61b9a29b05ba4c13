/**
 * Issue 26: a log filter that matches nothing on a big app (`level=fatal` among info entries,
 * a `job` with no fatal entry) walked every row of the app on the event loop: on SQLite the
 * whole service, health included, waited for it. Health is measured while such filters run,
 * against a control server probed in the same moment (never against a fixed figure).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows } from '../store/app-logs-write';
import { insertApp } from '../../apps/store/apps';
import { startControlServer, type ControlServer } from '../../reliability/control-server';
import { watchHealth } from '../../reliability/health-watch';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

/** Enough rows that walking them all takes far longer than a health check (~0.5 s on SQLite). */
const ROWS = 400_000;
const KEY = 'busy-app';
const T0_US = 1_790_000_000 * 1_000_000;

let api: TestApi;
let control: ControlServer;

beforeAll(async () => {
  api = await startTestApi();
  control = await startControlServer();
  const appId = await insertApp(api.db, 'demo', appFixture(KEY));
  for (let start = 0; start < ROWS; start += 1000) {
    const rows = [];
    for (let i = start; i < start + 1000; i += 1) {
      rows.push(
        toLogRow(
          appId,
          {
            level: i % 10 === 0 ? 'warn' : 'info',
            data: { message: `tick ${String(i)}`, path: `/orders/${String(i % 977)}/lines` },
            ...(i % 2 === 0 ? { context: { job: { name: 'sync' } } } : {}),
          },
          T0_US + i * 1000,
        ),
      );
    }
    await placeLogRows(api.db, rows);
    await nextTurn();
  }
}, 300_000);

afterAll(async () => {
  await control.close();
  await api.close();
});

/** Filters that match no entry of the app, so a walk of the time index reads every row. */
const EMPTY_FILTERS: Array<Record<string, string>> = [
  { level: 'fatal' },
  { level: 'error', job: 'sync' },
  { job: 'nightly' },
  { level: 'fatal', since: String(T0_US / 1e6) },
  { level: 'fatal', before: String(T0_US / 1e6 + ROWS / 1000) },
];

describe('log filters on a big app', () => {
  it('answer without holding the event loop: health keeps pace with an idle control', async () => {
    const service = watchHealth(`${api.baseUrl}/api`);
    const idle = watchHealth(control.apiUrl);
    const deadline = Date.now() + 3000;
    let round = 0;
    while (Date.now() < deadline) {
      for (const filter of EMPTY_FILTERS) {
        // A `limit` of its own each round: the page cache must not answer it.
        const query = new URLSearchParams({
          ...filter,
          limit: String(100 + (round % 50)),
        });
        const response = await api.request('GET', `/apps/${KEY}/logs?${query.toString()}`);
        expect(response.status, response.text).toBe(200);
        expect(response.json).toEqual([]);
      }
      round += 1;
    }
    const [figures, controlFigures] = await Promise.all([service.stop(), idle.stop()]);
    expect(figures.failures).toBe(0);
    // Each watcher asks again 20 ms after an answer: a held event loop answers fewer. Before the
    // fix health got a fifth of the control's answers (21 against 117; p99 175 ms against 13);
    // after it about as many (123 against 124). Half is far from both, on a loaded machine too
    // (one p99 alone moved by 100 ms there: the p99 figures are the benchmark's and chaos's).
    expect(figures.checks, JSON.stringify({ figures, controlFigures })).toBeGreaterThanOrEqual(
      controlFigures.checks / 2,
    );
  });

  it('still answers the newest matching entries first, merged across levels', async () => {
    const response = await api.request('GET', `/apps/${KEY}/logs?level=warn&limit=3`);
    expect(response.status).toBe(200);
    const entries = response.json as Array<{ data: { message: string }; level: string }>;
    expect(entries.map((entry) => entry.data.message)).toEqual([
      `tick ${String(ROWS - 10)}`,
      `tick ${String(ROWS - 20)}`,
      `tick ${String(ROWS - 30)}`,
    ]);
  });
});
