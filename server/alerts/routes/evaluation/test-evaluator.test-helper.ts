/**
 * What the alerts' evaluation tests share: their clock's minutes, the service with its alert clock
 * under the test's control, a template renderer (and, for those that send, an SMTP sink and its
 * mailer), the evaluator they build, and an alert created over HTTP.
 *
 *   const { T0, at } = testMinutes(120);
 *   let clockMs = T0;
 *   beforeAll(async () => {
 *     ({ api, renderer, close } = await startAlertTest(() => clockMs));
 *     evaluator = testEvaluator({ db: api.db, mailer: null, renderer, now: () => clockMs });
 *   });
 *   afterAll(() => close());
 */
import { expect } from 'vitest';
import { LIQUID_RENDER_OPTIONS } from '../../../../contract/liquid-render';
import {
  alertEventPageSchema,
  alertSchema,
  type AlertRuleInput,
} from '../../../../contract/schemas/alert';
import { smtpMailer, type Mailer } from '../../../notifications/mail/mailer';
import { startSmtpSink, type SmtpSink } from '../../../notifications/mail/smtp-sink.test-helper';
import { TemplateRenderer } from '../../../notifications/mail/template-renderer';
import { startTestApi, type TestApi } from '../../../platform/test-support.test-helper';
import { AlertEvaluator, type EvaluatorOptions } from './alert-evaluator';

export const MINUTE_MS = 60_000;

/**
 * A test's minutes: its minute 0 (`T0`, epoch ms) is the minute boundary `minutesAgo` minutes
 * before now, and `at(minute, seconds)` a time within that minute.
 */
export function testMinutes(minutesAgo: number): {
  T0: number;
  at: (minute: number, seconds?: number) => number;
} {
  const T0 = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - minutesAgo * MINUTE_MS;
  return { T0, at: (minute, seconds = 1) => T0 + minute * MINUTE_MS + seconds * 1000 };
}

/** The renderer of an alert's message, as the service builds it. */
export function testRenderer(): TemplateRenderer {
  return new TemplateRenderer({ liquid: LIQUID_RENDER_OPTIONS, maxOutputBytes: 1_000_000 });
}

/** An evaluation test's service and renderer, and what closes them. */
export interface AlertTest {
  api: TestApi;
  renderer: TemplateRenderer;
  close: () => Promise<void>;
}

/**
 * The service, its alert clock `now` and a budget no busy machine spends (its own rounds read the
 * test's time), and a renderer.
 */
export async function startAlertTest(now: () => number): Promise<AlertTest> {
  const api = await startTestApi({ alertClock: now, alertTimeBudgetMs: 60_000 });
  const renderer = testRenderer();
  return {
    api,
    renderer,
    close: async () => {
      await renderer.close();
      await api.close();
    },
  };
}

/** `startAlertTest`'s, with an SMTP sink and a mailer that sends to it. */
export async function startAlertTestWithMail(
  now: () => number,
): Promise<AlertTest & { sink: SmtpSink; mailer: Mailer }> {
  const started = await startAlertTest(now);
  const sink = await startSmtpSink();
  const mailer = smtpMailer(sink.url);
  return {
    ...started,
    sink,
    mailer,
    close: async () => {
      mailer.close();
      await started.renderer.close();
      await sink.close();
      await started.api.close();
    },
  };
}

/**
 * An evaluator as the alerts' tests build it: their sender, their dashboard address and a budget
 * no busy machine spends; the database, the renderer, the clock and the mailer are the test's.
 */
export function testEvaluator(
  options: Pick<EvaluatorOptions, 'db' | 'renderer' | 'now' | 'mailer'> & Partial<EvaluatorOptions>,
): AlertEvaluator {
  return new AlertEvaluator({
    from: 'alerts@console.test',
    publicUrl: 'https://console.example.com',
    timeBudgetMs: 60_000,
    ...options,
  });
}

/** Creates the alert over HTTP (201) and answers its id. */
export async function postAlert(api: TestApi, body: AlertRuleInput): Promise<number> {
  const res = await api.request('POST', '/alerts', { body });
  expect(res.status, res.text).toBe(201);
  return alertSchema.parse(res.json).id;
}

/** The alert's status, read over HTTP. */
export async function alertStatusOf(api: TestApi, id: number) {
  const res = await api.request('GET', `/alerts/${String(id)}`);
  expect(res.status, res.text).toBe(200);
  return alertSchema.parse(res.json).status;
}

/** The alert's first page of events, read over HTTP. */
export async function alertEventsOf(api: TestApi, id: number) {
  const res = await api.request('GET', `/alerts/${String(id)}/events`);
  expect(res.status, res.text).toBe(200);
  return alertEventPageSchema.parse(res.json).items;
}
