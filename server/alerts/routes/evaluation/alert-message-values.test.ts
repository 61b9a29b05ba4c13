/**
 * Issue 42: an alert's message shows the five newest matching lines, each cut to 512 characters,
 * and reads no more of them than that: entries of ~1 MiB are read by the first characters of
 * their data (walkValueCharsRead counts what the reads hold), while the lines and the e-mail are
 * what the whole values give. Both engines, the evaluator's clock under the test's control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../../../contract/schemas/alert';
import { insertApp } from '../../../apps/store/apps';
import { toLogRow } from '../../../logs/store/app-logs-rows';
import { walkValueCharsRead } from '../../../logs/store/app-logs-sized-rows';
import { placeLogRows } from '../../../logs/store/app-logs-write';
import type { Mailer } from '../../../notifications/mail/mailer';
import type { SmtpSink } from '../../../notifications/mail/smtp-sink.test-helper';
import type { TemplateRenderer } from '../../../notifications/mail/template-renderer';
import { appFixture, type TestApi } from '../../../platform/test-support.test-helper';
import type { AlertEvaluator } from './alert-evaluator';
import { ALERT_MESSAGE_LINES, LINE_DATA_CHARACTERS, type AlertMessage } from './alert-message';
import {
  postAlert,
  startAlertTestWithMail,
  testEvaluator,
  testMinutes,
} from './test-evaluator.test-helper';

const { T0, at } = testMinutes(60);
const MIB = 1_000_000;

/**
 * The error entries at minute 10, oldest first: long strings whose JSON text escapes characters
 * (quotes and backslashes take 2 characters, a control character 6), an emoji (one character of
 * two UTF-16 units), an object, and short ones at the 512 characters' edge.
 */
const DATA: Array<string | Record<string, unknown>> = [
  'too old for the five lines',
  `upstream failed ${'\u0001'.repeat(600)}${'z'.repeat(MIB)}`,
  `upstream failed "quoted\\" ${'é"\\😀'.repeat(MIB / 4)}`,
  { message: 'upstream failed', detail: { text: 'y'.repeat(MIB), n: 3 } },
  `upstream failed ${'a'.repeat(512 - 16)}`,
  `upstream failed ${'b'.repeat(513 - 16)}`,
];

/** The line the whole value gives: a string itself, else its JSON, cut to 512 characters. */
function expectedText(data: unknown): string {
  const characters = Array.from(typeof data === 'string' ? data : JSON.stringify(data));
  return characters.length <= 512 ? characters.join('') : `${characters.slice(0, 511).join('')}…`;
}

let api: TestApi;
let sink: SmtpSink;
let mailer: Mailer;
let renderer: TemplateRenderer;
let close: () => Promise<void>;
let evaluator: AlertEvaluator;
let clockMs = T0;

beforeAll(async () => {
  ({ api, sink, mailer, renderer, close } = await startAlertTestWithMail(() => clockMs));
  evaluator = testEvaluator({ db: api.db, mailer, renderer, now: () => clockMs });
  const appId = await insertApp(api.db, 'demo', appFixture('large-lines'));
  await placeLogRows(
    api.db,
    DATA.map((data, n) => toLogRow(appId, { level: 'error', data }, at(10, 10 + n) * 1000)),
  );
});

afterAll(() => close());

function rule(name: string, overrides: Partial<AlertRuleInput>): AlertRuleInput {
  return {
    name,
    app: 'large-lines',
    condition: { op: '>', threshold: 3, window_minutes: 5 },
    every_minutes: 1,
    notify: { emails: ['admin@example.com'], webhooks: [] },
    enabled: true,
    ...overrides,
  };
}

describe("an alert's lines of large entries", () => {
  it.each([
    { way: 'a level', minute: 11, overrides: { level: 'error' } as const },
    { way: 'a search', minute: 12, overrides: { q: 'upstream failed' } },
  ])(
    'through $way: the first characters of each value are read, the lines are the same',
    async ({ minute, overrides }) => {
      const name = `Large lines ${String(minute)}`;
      const id = await postAlert(api, rule(name, overrides));
      const before = walkValueCharsRead();
      clockMs = at(minute);
      await evaluator.evaluateDue();
      // Each line's characters and a character past them, with the short entries whole.
      expect(walkValueCharsRead() - before).toBeLessThanOrEqual(
        ALERT_MESSAGE_LINES * (LINE_DATA_CHARACTERS + 1) + 2 * 1_000,
      );
      await evaluator.deliverDue();

      const expected = DATA.slice(-ALERT_MESSAGE_LINES).reverse().map(expectedText);
      const row = await api.db
        .selectFrom('alert_outbox')
        .select('payload')
        .where('alert_id', '=', id)
        .executeTakeFirstOrThrow();
      const message = JSON.parse(row.payload) as AlertMessage;
      expect(message.lines.map((line) => line.text)).toEqual(expected);
      expect(message.lines.map((line) => line.time)).toEqual(
        [5, 4, 3, 2, 1].map((n) => new Date(at(10, 10 + n)).toISOString()),
      );
      expect(new Set(message.lines.map((line) => line.level))).toEqual(new Set(['error']));
      // The e-mail shows them: one line each, time, level and text.
      const mails = sink.messages.filter((mail) => mail.subject.includes(name));
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      for (const line of message.lines) {
        expect(text).toContain(`${line.time} error ${line.text}`);
      }
    },
  );
});
