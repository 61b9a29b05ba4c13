/**
 * Issue 41, decision 087: an alert whose field condition read only the newest rows of its window
 * (decision 076) says so in its state and event (`counted_since`); `>` fires on the counted part,
 * `<` never fires on a partial count. The evaluator reads 10 rows per run here (fieldScanRows),
 * against the real service over HTTP, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../../../contract/schemas/alert';
import { insertApp } from '../../../apps/store/apps';
import { toLogRow } from '../../../logs/store/app-logs-rows';
import { placeLogRows } from '../../../logs/store/app-logs-write';
import { smtpMailer } from '../../../notifications/mail/mailer';
import { startSmtpSink } from '../../../notifications/mail/smtp-sink.test-helper';
import type { TemplateRenderer } from '../../../notifications/mail/template-renderer';
import { appFixture, type TestApi } from '../../../platform/test-support.test-helper';
import type { AlertEvaluator } from './alert-evaluator';
import {
  alertEventsOf,
  alertStatusOf,
  postAlert,
  startAlertTest,
  testEvaluator,
  testMinutes,
} from './test-evaluator.test-helper';

/** A minute boundary two hours ago: the entries' minute 0. */
const { T0, at } = testMinutes(120);
const FIELD_SCAN_ROWS = 10;

let api: TestApi;
let renderer: TemplateRenderer;
let close: () => Promise<void>;
let evaluator: AlertEvaluator;
let clockMs = T0;

beforeAll(async () => {
  ({ api, renderer, close } = await startAlertTest(() => clockMs));
  evaluator = testEvaluator({
    db: api.db,
    mailer: null,
    renderer,
    now: () => clockMs,
    fieldScanRows: FIELD_SCAN_ROWS,
  });
  // Minutes 0–2: 5 entries with status 500 each (older than the window's newest 10 rows);
  // minute 3: 6 with status 200; minute 4: 6 with status 500. The newest 10 rows of [0, 5) reach
  // into minute 3, so only minute 4 is counted whole: counted since minute 4.
  // Minute 12: 2 with status 500, the only entries of [10, 15): counted whole.
  const appId = await insertApp(api.db, 'demo', appFixture('busy'));
  const rows = [];
  const entry = (status: number, minute: number, second: number) =>
    toLogRow(
      appId,
      { level: 'error', data: { status, msg: 'upstream' } },
      at(minute, second) * 1000,
    );
  for (const minute of [0, 1, 2]) {
    for (let i = 0; i < 5; i += 1) rows.push(entry(500, minute, 1 + i));
  }
  for (let i = 0; i < 6; i += 1) rows.push(entry(200, 3, 1 + i));
  for (let i = 0; i < 6; i += 1) rows.push(entry(500, 4, 1 + i));
  for (let i = 0; i < 2; i += 1) rows.push(entry(500, 12, 1 + i));
  await placeLogRows(
    api.db,
    rows.sort((a, b) => a.time_us - b.time_us),
  );
});
afterAll(() => close());

function rule(overrides: Partial<AlertRuleInput>): AlertRuleInput {
  return {
    name: 'Bad gateways',
    app: 'busy',
    where: ['status:500'],
    condition: { op: '>', threshold: 3, window_minutes: 5 },
    every_minutes: 1,
    notify: {},
    enabled: true,
    ...overrides,
  };
}

const createAlert = (body: AlertRuleInput) => postAlert(api, body);

const statusOf = (id: number) => alertStatusOf(api, id);
const eventsOf = (id: number) => alertEventsOf(api, id);

async function roundAt(ms: number): Promise<void> {
  clockMs = ms;
  await evaluator.evaluateDue();
}

/** Deletes an alert, so later rounds leave it alone. */
async function remove(id: number): Promise<void> {
  const path = `/alerts/${String(id)}`;
  const etag = (await api.request('GET', path)).headers.get('etag') ?? '';
  const res = await api.request('DELETE', path, { headers: { 'if-match': etag } });
  expect(res.status, res.text).toBe(204);
}

describe('an alert whose count is partial (decision 087)', () => {
  it('fires on the counted part and says from when it counted, in state and event', async () => {
    const id = await createAlert(rule({}));
    // [0, 5): 21 entries with status 500, but only minute 4 (6 of them) was counted.
    await roundAt(at(5));
    const countedSince = at(4, 0) / 1000;
    expect(await statusOf(id)).toMatchObject({
      state: 'firing',
      last_count: 6,
      counted_since: countedSince,
    });
    expect(await eventsOf(id)).toMatchObject([
      { from: null, to: 'firing', count: 6, counted_since: countedSince },
    ]);

    // [10, 15) holds 2 entries: counted whole, below the threshold; nothing says partial.
    await roundAt(at(15));
    const status = await statusOf(id);
    expect(status).toMatchObject({ state: 'ok', last_count: 2 });
    expect(status).not.toHaveProperty('counted_since');
    const [resolved] = await eventsOf(id);
    expect(resolved).toMatchObject({ from: 'firing', to: 'ok', count: 2 });
    expect(resolved).not.toHaveProperty('counted_since');
    await remove(id);
  });

  it('never fires "fewer than" on a partial count', async () => {
    // Minute 3's six entries with status 200 were not counted: the partial count (0) is below
    // the threshold, but the window may hold more: ok, with counted_since.
    const id = await createAlert(
      rule({ where: ['status:200'], condition: { op: '<', threshold: 1, window_minutes: 5 } }),
    );
    await roundAt(at(5));
    expect(await statusOf(id)).toMatchObject({
      state: 'ok',
      last_count: 0,
      counted_since: at(4, 0) / 1000,
    });
    expect(await eventsOf(id)).toMatchObject([
      { from: null, to: 'ok', count: 0, counted_since: at(4, 0) / 1000 },
    ]);
    await remove(id);
  });

  it('says "counted since HH:MM UTC" in the e-mail of a partial count, not in a whole one', async () => {
    const sink = await startSmtpSink();
    const mailer = smtpMailer(sink.url);
    const sending = testEvaluator({
      db: api.db,
      mailer,
      renderer,
      now: () => clockMs,
      fieldScanRows: FIELD_SCAN_ROWS,
    });
    try {
      const id = await createAlert(rule({ notify: { emails: ['admin@example.com'] } }));
      for (const minute of [5, 15]) {
        clockMs = at(minute);
        await sending.evaluateDue();
        await sending.deliverDue();
      }
      const since = new Date(at(4, 0)).toISOString().slice(11, 16);
      expect(sink.messages.map((mail) => mail.subject)).toEqual([
        'Firing: Bad gateways (6 > 3)',
        'Resolved: Bad gateways (2 > 3)',
      ]);
      const [firing, resolved] = sink.messages;
      const phrase = `6 matching entries (counted since ${since} UTC; the minutes before were not read)`;
      expect(firing?.text).toContain(phrase);
      expect(firing?.html).toContain(
        `6 matching entries of busy (counted since ${since} UTC; the minutes before were not read)`,
      );
      expect(resolved?.text).toContain('2 matching entries in the 5 minutes');
      expect(resolved?.text).not.toContain('counted since');
      expect(resolved?.html).not.toContain('counted since');
      await remove(id);
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});
