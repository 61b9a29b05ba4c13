/**
 * Test sends a member can abuse (issue 26), each a repro from the issue:
 * - a loop that prints a 900 kB variable 500 times, five at once, within the rate limit, once
 *   killed the process (a 936 MB mail); now each stops at the output budget, on its field;
 * - a template that loops 9,000,000 times was refused with 422 forever and never counted by the
 *   limiter, and froze the event loop for every other request; now every attempt counts (429
 *   after five) and the render runs off the event loop: health answers all along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import { smtpMailer } from '../mail/mailer';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const HUGE_LOOP = '{% for a in (1..500) %}{{ s }}{% endfor %}';
// 90,000,000 steps that write nothing: only the time budget can end it, however fast the machine
// (with output, a quiet machine reaches the 1 MB output budget first and answers too_large).
const LONG_LOOP = '{% for a in (1..30000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';

let sink: SmtpSink;
let api: TestApi;
let mailer: ReturnType<typeof smtpMailer>;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = smtpMailer(sink.url);
  // Room for every send of this block; the limit itself is the last test's.
  api = await startTestApi({ mailer, testSendLimiter: new FixedWindowLimiter(100, 60_000) });
});
afterAll(async () => {
  await api.close();
  mailer.close();
  await sink.close();
});

function send(body: unknown, token = api.adminToken) {
  return api.request('POST', '/notifications/welcome/test-send', { body, token });
}

/** Asks /api/health one request after the other until `done`; the times each answer came. */
async function pollHealth(done: () => boolean): Promise<number[]> {
  const answered: number[] = [];
  while (!done()) {
    const res = await fetch(`${api.baseUrl}/api/health`);
    await res.arrayBuffer();
    if (res.status === 200) answered.push(performance.now());
  }
  return answered;
}

describe('test sends within budgets', () => {
  it('five concurrent sends printing 900 kB 500 times: each a 422 on the field past 1 MB, nothing mailed, the service alive', async () => {
    const before = sink.messages.length;
    const body = {
      subject: 's',
      text: HUGE_LOOP,
      html: HUGE_LOOP,
      html_enabled: true,
      data: { s: 'A'.repeat(900_000) },
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(body)));
    for (const res of answers) {
      expect(res.status).toBe(422);
      const error = errorBodySchema.parse(res.json);
      expect(error.errors).toHaveLength(1);
      expect(error.errors[0]).toMatchObject({ field: 'text', code: 'too_large' });
    }
    expect(sink.messages).toHaveLength(before);
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  });

  it('a mail just under the budget is sent whole', async () => {
    const res = await send({
      subject: 'Big',
      text: '{% for a in (1..9) %}{{ s }}{% endfor %}',
      html: '',
      html_enabled: false,
      // Without the demo's layout, whose text adds a footer after the 900 kB.
      layout: null,
      data: { s: 'b'.repeat(100_000) },
    });
    expect(res.status).toBe(200);
    expect(sink.messages.at(-1)?.text?.trimEnd()).toBe('b'.repeat(900_000));
  });
});

describe('every attempt counts, and the render leaves the event loop free', () => {
  it('a 90,000,000-step loop: 422 on the time budget while health answers all along, then 429 with Retry-After', async () => {
    const user = await startTestApi({
      mailer,
      testSendLimiter: new FixedWindowLimiter(2, 60_000),
    });
    try {
      const body = {
        subject: LONG_LOOP,
        text: LONG_LOOP,
        html: LONG_LOOP,
        html_enabled: true,
        data: {},
      };
      let sending = true;
      const health = pollHealth(() => !sending);
      const started = performance.now();
      const first = await user.request('POST', '/notifications/welcome/test-send', { body });
      const answeredAt = performance.now();
      sending = false;
      expect(first.status).toBe(422);
      expect(errorBodySchema.parse(first.json).errors[0]).toMatchObject({ code: 'liquid_render' });
      // Rendered on the service's own thread, no health request could be answered meanwhile.
      const during = (await health).filter((at) => at > started && at < answeredAt);
      expect(during.length).toBeGreaterThanOrEqual(3);

      const second = await user.request('POST', '/notifications/welcome/test-send', { body });
      expect(second.status).toBe(422);
      const third = await user.request('POST', '/notifications/welcome/test-send', { body });
      expect(third.status).toBe(429);
      expect(errorBodySchema.parse(third.json).code).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await user.close();
    }
  });
});
