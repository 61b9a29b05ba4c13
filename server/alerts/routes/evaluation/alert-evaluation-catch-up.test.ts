/**
 * Issue 41, decision 095: an alert with a field condition counts, at each check, only the minutes
 * it has not counted yet, newest first, within one row window for the whole check (10 rows
 * here), and remembers the rest. A window too big for one check is partial at first (it says so,
 * decision 087) and whole once the checks have caught up; a minute whose entries changed is
 * counted again; a changed rule starts over. Against the real service over HTTP, both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../../../contract/schemas/alert';
import { insertApp } from '../../../apps/store/apps';
import { toLogRow } from '../../../logs/store/app-logs-rows';
import { placeLogRows } from '../../../logs/store/app-logs-write';
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
let appId: number;
let clockMs = T0;

/** Places `count` entries with this status in `minute` (and in the rollup, as ingestion does). */
async function place(status: number, minute: number, count: number, firstSecond = 1) {
  const rows = Array.from({ length: count }, (_, i) =>
    toLogRow(
      appId,
      { level: 'error', data: { status, msg: 'upstream' } },
      at(minute, firstSecond + i) * 1000,
    ),
  );
  await placeLogRows(api.db, rows);
}

beforeAll(async () => {
  ({ api, renderer, close } = await startAlertTest(() => clockMs));
  evaluator = testEvaluator({
    db: api.db,
    mailer: null,
    renderer,
    now: () => clockMs,
    fieldScanRows: FIELD_SCAN_ROWS,
  });
  appId = await insertApp(api.db, 'demo', appFixture('busy'));
  // Minutes 0–2: 5 entries with status 500 each; minute 3: 6 with status 200; minute 4: 6 with
  // status 500. 28 entries: no one check of 10 rows reads them all.
  for (const minute of [0, 1, 2]) await place(500, minute, 5);
  await place(200, 3, 6);
  await place(500, 4, 6);
});
afterAll(() => close());

const RULE: AlertRuleInput = {
  name: 'Bad gateways',
  app: 'busy',
  where: ['status:500'],
  condition: { op: '>', threshold: 8, window_minutes: 10 },
  every_minutes: 1,
  notify: {},
  enabled: true,
};

const statusOf = (id: number) => alertStatusOf(api, id);
const eventsOf = (id: number) => alertEventsOf(api, id);

async function roundAt(ms: number): Promise<void> {
  clockMs = ms;
  await evaluator.evaluateDue();
}

describe('an alert that counts its window over several checks (decision 095)', () => {
  it('catches up newest first, counts a changed minute again and starts over on a new rule', async () => {
    const id = await postAlert(api, RULE);

    // [0, 10): minute 4 (6 rows) fits the 10 rows, minute 3 (6 more) does not.
    await roundAt(at(10, 0));
    expect(await statusOf(id)).toMatchObject({
      state: 'ok',
      last_count: 6,
      counted_since: at(4, 0) / 1000,
    });
    // [1, 11): minute 4 is remembered; minute 3 is counted (no match), minute 2 waits.
    await roundAt(at(11, 0));
    expect(await statusOf(id)).toMatchObject({
      state: 'ok',
      last_count: 6,
      counted_since: at(3, 0) / 1000,
    });
    // [2, 12): minute 2 (5 rows) is counted: the window is whole, 11 > 8.
    await roundAt(at(12, 0));
    const whole = await statusOf(id);
    expect(whole).toMatchObject({ state: 'firing', last_count: 11 });
    expect(whole).not.toHaveProperty('counted_since');
    const [fired] = await eventsOf(id);
    expect(fired).toMatchObject({ from: 'ok', to: 'firing', count: 11 });
    expect(fired).not.toHaveProperty('counted_since');

    // Three more bad gateways land in minute 3, which was counted (0 matches) two checks ago:
    // its total changed, so it is counted again. [3, 13): 3 + 6.
    await place(500, 3, 3, 30);
    await roundAt(at(13, 0));
    const recounted = await statusOf(id);
    expect(recounted).toMatchObject({ state: 'firing', last_count: 9 });
    expect(recounted).not.toHaveProperty('counted_since');

    // Another query: what was counted for the old one is not taken. [4, 14): minute 4 holds no
    // status 200.
    const path = `/alerts/${String(id)}`;
    const etag = (await api.request('GET', path)).headers.get('etag') ?? '';
    const changed = await api.request('PUT', path, {
      body: { ...RULE, where: ['status:200'] },
      headers: { 'if-match': etag },
    });
    expect(changed.status, changed.text).toBe(200);
    await roundAt(at(14, 0));
    const fresh = await statusOf(id);
    expect(fresh).toMatchObject({ state: 'ok', last_count: 0 });
    expect(fresh).not.toHaveProperty('counted_since');
  });
});
