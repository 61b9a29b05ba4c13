/**
 * Issue 41, decision 096: on PostgreSQL the alerts' checks and deliveries run on a pool of their
 * own. With every connection of the requests' pool held, a round still evaluates an alert (its
 * event is recorded) and delivers, and the round takes no connection from the requests' pools
 * (counted as they hand them out: none), so a check never makes a request wait for one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEventPageSchema } from '../../contract/schemas/alert';
import {
  MINUTE_MS,
  postAlert,
  testEvaluator,
  testMinutes,
  testRenderer,
} from '../alerts/routes/evaluation/test-evaluator.test-helper';
import { insertApp } from '../apps/store/apps';
import { countPoolAcquisitions, queryPoolSize } from '../database/postgres';
import { testEngine } from '../database/test-database.test-helper';
import { toLogRow } from '../logs/store/app-logs-rows';
import { placeLogRows } from '../logs/store/app-logs-write';
import type { TemplateRenderer } from '../notifications/mail/template-renderer';
import { openAlertsDatabase, type AlertsDatabase } from './alerts-database';
import { appFixture, startTestApi, type TestApi } from './test-support.test-helper';

const { T0 } = testMinutes(60);

let api: TestApi;
let alerts: AlertsDatabase;
let renderer: TemplateRenderer;

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  api = await startTestApi();
  alerts = openAlertsDatabase(api.databaseUrl, api.db, {
    poolSize: 2,
    statementTimeoutMs: 30_000,
  });
  renderer = testRenderer();
  const appId = await insertApp(api.db, 'demo', appFixture('pooled'));
  const errors = Array.from({ length: 4 }, (_, i) =>
    toLogRow(appId, { level: 'error', data: `failed ${String(i)}` }, (T0 + i * 1000) * 1000),
  );
  await placeLogRows(api.db, errors);
});
afterAll(async () => {
  if (testEngine !== 'postgres') return;
  await renderer.close();
  await alerts.close();
  await api.close();
});

/** Holds every connection of the requests' query pool until `release`; answers once all are out. */
async function holdRequestsPool(): Promise<{ release: () => void; done: Promise<unknown> }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => (release = done));
  const taken: Promise<void>[] = [];
  const size = queryPoolSize(api.db) ?? 0;
  expect(size).toBeGreaterThan(0);
  const done = Promise.all(
    Array.from({ length: size }, () => {
      let out: () => void = () => undefined;
      taken.push(new Promise<void>((done) => (out = done)));
      return api.db.connection().execute(async () => {
        out();
        await released;
      });
    }),
  );
  await Promise.all(taken);
  return { release, done };
}

describe.skipIf(testEngine !== 'postgres')("the alerts' own pool", () => {
  it('evaluates and delivers while the requests’ pool is held, taking none of its connections', async () => {
    const id = await postAlert(api, {
      name: 'Failures',
      app: 'pooled',
      level: 'error',
      condition: { op: '>', threshold: 2, window_minutes: 5 },
      every_minutes: 1,
      notify: { emails: ['admin@example.com'] },
      enabled: true,
    });

    const held = await holdRequestsPool();
    const fromRequests = countPoolAcquisitions(api.db);
    const fromAlerts = countPoolAcquisitions(alerts.db);
    // No mailer: the e-mail is attempted and given up, recorded like any attempt.
    const evaluator = testEvaluator({
      db: alerts.db,
      renderer,
      mailer: null,
      now: () => T0 + 2 * MINUTE_MS,
    });
    let evaluated: number;
    let delivered: number;
    try {
      evaluated = await evaluator.evaluateDue();
      delivered = await evaluator.deliverDue();
    } finally {
      fromRequests.stop();
      fromAlerts.stop();
      held.release();
      await held.done;
    }

    expect(evaluated).toBe(1);
    expect(delivered).toBe(1);
    expect(fromRequests.count()).toBe(0);
    // The control: the round did take connections, from the alerts' pool.
    expect(fromAlerts.count()).toBeGreaterThan(0);
    const events = await api.request('GET', `/alerts/${String(id)}/events`);
    expect(events.status, events.text).toBe(200);
    expect(alertEventPageSchema.parse(events.json).items).toMatchObject([
      { from: null, to: 'firing', count: 4, threshold: 2 },
    ]);
  });
});
