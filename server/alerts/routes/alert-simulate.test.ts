/**
 * Issue 41: `POST /alerts/simulate` over the last 24 hours, on both engines, with the alerts'
 * clock under the test's control. Each window's count is checked against the entries' own times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertSimulationSchema,
  type AlertRuleInput,
  type AlertSimulation,
} from '../../../contract/schemas/alert';
import { errorBodySchema } from '../../../contract/schemas/error';
import { insertApp } from '../../apps/store/apps';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const MINUTE_MS = 60_000;
let api: TestApi;
let clockMs = Date.now();
let viewerToken: string;
/** The times (epoch s) of the ingested errors, and of those that say "timeout". */
let errorTimes: number[] = [];
let timeoutTimes: number[] = [];

beforeAll(async () => {
  // A budget no loaded machine reaches: the test is about the counts, not the speed.
  api = await startTestApi({ alertClock: () => clockMs, alertTimeBudgetMs: 60_000 });
  await insertApp(api.db, 'demo', appFixture('simulated'));
  await insertApp(api.db, 'demo', appFixture('silent'));
  const viewerId = await findOrCreateUser(api.db, 'viewer@simulate.test');
  await ensureMembership(api.db, viewerId, 'demo', 'viewer');
  viewerToken = await issueToken(api.db, viewerId);
  const logs = [
    ...Array.from({ length: 12 }, (_, i) => ({
      level: 'error',
      data: { message: i < 7 ? `upstream timeout ${String(i)}` : `refused ${String(i)}` },
    })),
    ...Array.from({ length: 3 }, () => ({ level: 'info', data: 'fine' })),
  ];
  const res = await api.request('POST', '/apps/simulated/logs', { body: { logs } });
  expect(res.status, res.text).toBeLessThan(300);
  const stored = res.json as { level: string; time: number; data: { message?: string } }[];
  errorTimes = stored.filter((e) => e.level === 'error').map((e) => e.time);
  timeoutTimes = stored
    .filter((e) => e.data.message?.includes('timeout') === true)
    .map((e) => e.time);
  // Five minutes after the entries' minute: the windows that hold them are all in the past.
  const lastMinuteMs = Math.floor((Math.max(...errorTimes) * 1000) / MINUTE_MS) * MINUTE_MS;
  clockMs = lastMinuteMs + 5 * MINUTE_MS + 1;
});
afterAll(async () => {
  await api.close();
});

function rule(overrides: Partial<AlertRuleInput> = {}): AlertRuleInput {
  return {
    name: 'Errors',
    app: 'simulated',
    level: 'error',
    condition: { op: '>', threshold: 5, window_minutes: 5 },
    every_minutes: 1,
    notify: {},
    enabled: true,
    ...overrides,
  };
}

async function simulate(body: AlertRuleInput, token?: string): Promise<AlertSimulation> {
  const res = await api.request('POST', '/alerts/simulate', { body, token });
  expect(res.status, res.text).toBe(200);
  return alertSimulationSchema.parse(res.json);
}

/** How many of `times` fall in the window ending at `end` (epoch s) of `minutes`. */
function inWindow(times: number[], end: number, minutes: number): number {
  return times.filter((t) => t >= end - minutes * 60 && t < end).length;
}

describe('POST /alerts/simulate', () => {
  it('answers each window of the last 24 h from the rollup, and when it would have fired', async () => {
    const result = await simulate(rule());
    expect(result.source).toBe('rollup');
    expect(result.windows).toHaveLength(1440);
    expect(result.before).toBe((clockMs - 1) / 1000);
    for (const window of result.windows) {
      expect(window.count, String(window.end)).toBe(inWindow(errorTimes, window.end, 5));
    }
    const firing = result.windows.filter((w) => w.state === 'firing');
    expect(firing.length).toBeGreaterThanOrEqual(5);
    // Before the entries the app was silent: no data, which does not alert by default.
    expect(result.windows[0]?.state).toBe('no_data');
    expect(result.fired).toEqual([firing[0]?.end]);
  });

  it('counts the rows when the query has q or field conditions', async () => {
    const result = await simulate(
      rule({ q: 'timeout', condition: { op: '>', threshold: 6, window_minutes: 5 } }),
    );
    expect(result.source).toBe('rows');
    for (const window of result.windows) {
      expect(window.count).toBe(inWindow(timeoutTimes, window.end, 5));
    }
    expect(result.fired).toHaveLength(1);
    const stricter = await simulate(
      rule({ q: 'timeout', condition: { op: '>', threshold: 7, window_minutes: 5 } }),
    );
    expect(stricter.fired).toEqual([]);
    const fielded = await simulate(
      rule({
        where: ['message:refused 7'],
        condition: { op: '>', threshold: 0, window_minutes: 5 },
      }),
    );
    expect(fielded.source).toBe('rows');
    const refusedTime = errorTimes[7] ?? 0;
    for (const window of fielded.windows) {
      expect(window.count).toBe(inWindow([refusedTime], window.end, 5));
    }
    expect(fielded.fired).toHaveLength(1);
  });

  it('alerts on a silent app only with no_data "alert"', async () => {
    const quiet = rule({ app: 'silent', condition: { op: '<', threshold: 1, window_minutes: 10 } });
    const ok = await simulate(quiet);
    expect(new Set(ok.windows.map((w) => w.state))).toEqual(new Set(['no_data']));
    expect(ok.fired).toEqual([]);
    const loud = await simulate({ ...quiet, no_data: 'alert' });
    expect(loud.fired).toEqual([loud.windows[0]?.end]);
  });

  it('lets a viewer simulate, writes nothing, and refuses bad input on its field', async () => {
    await simulate(rule({ every_minutes: 15 }), viewerToken);
    const list = await api.request('GET', '/alerts');
    expect(list.json).toEqual([]);
    const unknown = await api.request('POST', '/alerts/simulate', { body: rule({ app: 'nope' }) });
    expect(unknown.status).toBe(422);
    expect(errorBodySchema.parse(unknown.json).errors[0]?.field).toBe('app');
    const zero = await api.request('POST', '/alerts/simulate', {
      body: rule({ condition: { op: '>', threshold: 1, window_minutes: 0 } }),
    });
    expect(zero.status).toBe(422);
    expect(errorBodySchema.parse(zero.json).errors[0]?.field).toBe('condition.window_minutes');
  });
});
