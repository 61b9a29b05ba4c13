/**
 * The test-send renderer is one worker thread: one render at a time, at most 16 waiting behind it
 * (mail/template-renderer.ts). A 17th waiting send is not queued without end: it answers 503 with
 * the Error body and `Retry-After`, and the sends that waited are all rendered and mailed after.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { LIQUID_RENDER_OPTIONS } from '../../../contract/liquid-render';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import { smtpMailer } from '../mail/mailer';
import { TemplateRenderer } from '../mail/template-renderer';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { MAX_RENDERED_BYTES } from './test-send';

/** Steps that write nothing: only the time budget ends it, so it holds the worker that long. */
const LONG_LOOP = '{% for a in (1..30000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';
/**
 * How long the slow send holds the worker: the 16 quick sends must all be queued within it,
 * which takes a few ms on a quiet machine; bounded, so the test ends soon after.
 */
const HOLD_MS = 4_000;
/** The renderer's default queue (not passed below: this test holds the default). */
const MAX_QUEUED = 16;

let sink: SmtpSink;
let api: TestApi;
let mailer: ReturnType<typeof smtpMailer>;
let renderer: TemplateRenderer;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = smtpMailer(sink.url);
  renderer = new TemplateRenderer({
    liquid: { ...LIQUID_RENDER_OPTIONS, renderLimit: HOLD_MS },
    maxOutputBytes: MAX_RENDERED_BYTES,
  });
  api = await startTestApi({
    mailer,
    testSendRenderer: renderer,
    // Room for every send here: the limiter is not what this test is about.
    testSendLimiter: new FixedWindowLimiter(100, 60_000),
    // Nor the work gate: one token's requests at work at once (4 by default) would queue the
    // sends in front of the renderer; many members' sends reach it as these do.
    workLimits: { perToken: 100, perSite: 100 },
  });
});
afterAll(async () => {
  await api.close();
  await renderer.close();
  mailer.close();
  await sink.close();
});

function send(body: unknown) {
  return api.request('POST', '/notifications/welcome/test-send', { body });
}

describe('a busy renderer', () => {
  it('one rendering and 16 waiting: the 18th send answers 503 with the Error body and Retry-After; the 16 are mailed', async () => {
    const before = sink.messages.length;
    const slow = send({ subject: LONG_LOOP, text: '', html: '', html_enabled: false, data: {} });
    // The worker takes the slow send first (an empty queue) …
    await vi.waitFor(
      () => {
        if (!renderer.rendering) throw new Error('the slow send is not rendering yet');
      },
      { timeout: HOLD_MS },
    );
    const quick = (n: number) =>
      send({ subject: `Quick ${String(n)}`, text: 't', html: '', html_enabled: false, data: {} });
    const waiting = Array.from({ length: MAX_QUEUED }, (_, n) => quick(n));
    // … and the 16 quick ones wait behind it.
    await vi.waitFor(
      () => {
        if (renderer.waiting < MAX_QUEUED) throw new Error('not all are waiting yet');
      },
      { timeout: HOLD_MS, interval: 5 },
    );

    const refused = await quick(MAX_QUEUED);
    expect(refused.status).toBe(503);
    const error = errorBodySchema.parse(refused.json);
    expect(error.code).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The slow one ran out of its time budget; every waiting one was rendered and sent.
    expect((await slow).status).toBe(422);
    const answers = await Promise.all(waiting);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(sink.messages.length - before).toBe(MAX_QUEUED);
  }, 30_000);
});
