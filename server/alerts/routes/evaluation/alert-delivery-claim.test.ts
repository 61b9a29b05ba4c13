/**
 * Issue 41, decision 093: two senders of one outbox at once (a leader that lost its lock while
 * sending, and its successor) send each notification once — the claim (a conditional UPDATE with
 * a lease) lets one of them have the row. Real service over HTTP, a real SMTP sink, both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../../../contract/schemas/alert';
import { insertApp } from '../../../apps/store/apps';
import { toLogRow } from '../../../logs/store/app-logs-rows';
import { placeLogRows } from '../../../logs/store/app-logs-write';
import type { Mailer } from '../../../notifications/mail/mailer';
import type { SmtpSink } from '../../../notifications/mail/smtp-sink.test-helper';
import type { TemplateRenderer } from '../../../notifications/mail/template-renderer';
import { appFixture, type TestApi } from '../../../platform/test-support.test-helper';
import type { AlertEvaluator } from './alert-evaluator';
import {
  postAlert,
  startAlertTestWithMail,
  testEvaluator,
  testMinutes,
} from './test-evaluator.test-helper';

const { at } = testMinutes(60);

let api: TestApi;
let sink: SmtpSink;
let mailer: Mailer;
let renderer: TemplateRenderer;
let close: () => Promise<void>;
const clockMs = at(6);

/** One instance's evaluator: its own object, the same database and SMTP server. */
function instance(): AlertEvaluator {
  return testEvaluator({ db: api.db, mailer, renderer, now: () => clockMs });
}

beforeAll(async () => {
  ({ api, sink, mailer, renderer, close } = await startAlertTestWithMail(() => clockMs));
  const appId = await insertApp(api.db, 'demo', appFixture('claimed'));
  const rows = [1, 2, 3].map((second) =>
    toLogRow(appId, { level: 'error', data: 'timeout' }, at(3, second) * 1000),
  );
  await placeLogRows(api.db, rows);
});
afterAll(() => close());

describe('two senders of one outbox', () => {
  it('send each notification once: one wins the claim, the other skips the row', async () => {
    const rule: AlertRuleInput = {
      name: 'Timeouts',
      app: 'claimed',
      level: 'error',
      condition: { op: '>', threshold: 2, window_minutes: 5 },
      every_minutes: 1,
      notify: { emails: ['admin@example.com'] },
      enabled: true,
    };
    await postAlert(api, rule);

    expect(await instance().evaluateDue()).toBe(1);
    // Both read the row as due before either has sent it; one claim wins.
    const attempted = await Promise.all([instance().deliverDue(), instance().deliverDue()]);
    expect(attempted.sort()).toEqual([0, 1]);
    expect(sink.messages.map((mail) => mail.subject)).toEqual(['Firing: Timeouts (3 > 2)']);
    // Sent and marked: a later round has nothing to send.
    expect(await instance().deliverDue()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });
});
