/**
 * Issue 41: the evaluator with its clock under the test's control, on both engines, against the
 * real service over HTTP, a real SMTP sink and a local webhook receiver. Entries are placed at
 * chosen minutes (with their rollup counts), so every window's count is known.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertEventPageSchema,
  alertSchema,
  type AlertRuleInput,
} from '../../../../contract/schemas/alert';
import { errorBodySchema } from '../../../../contract/schemas/error';
import { insertApp } from '../../../apps/store/apps';
import { findOrCreateUser, issueToken } from '../../../access/store/tokens';
import { toLogRow } from '../../../logs/store/app-logs-rows';
import { placeLogRows } from '../../../logs/store/app-logs-write';
import type { Mailer } from '../../../notifications/mail/mailer';
import type { SmtpSink } from '../../../notifications/mail/smtp-sink.test-helper';
import type { TemplateRenderer } from '../../../notifications/mail/template-renderer';
import { appFixture, type TestApi } from '../../../platform/test-support.test-helper';
import { ensureMembership } from '../../../site/store/sites';
import { deliveriesOf } from '../../store/alert-outbox';
import type { AlertEvaluator } from './alert-evaluator';
import {
  MINUTE_MS,
  postAlert,
  startAlertTestWithMail,
  testEvaluator,
  testMinutes,
} from './test-evaluator.test-helper';

/** A minute boundary two hours ago: the entries' minute 0. */
const { T0, at } = testMinutes(120);
/** 16 hex of a target's SHA-256: the last part of an outbox row's idempotency key. */
const hashOf = (target: string) => createHash('sha256').update(target).digest('hex').slice(0, 16);

let api: TestApi;
let sink: SmtpSink;
let mailer: Mailer;
let renderer: TemplateRenderer;
let close: () => Promise<void>;
let evaluator: AlertEvaluator;
let clockMs = T0;
let viewerToken: string;
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** What the receiver answers, in order; then 200. */
const answers: number[] = [500];

/** `https://hooks.test/…` goes to the local receiver: production's fetch stays https-only. */
const testFetch: typeof fetch = (input, init) => {
  const { port } = receiver.address() as AddressInfo;
  const url = (input instanceof Request ? input.url : input.toString()).replace(
    'https://hooks.test',
    `http://127.0.0.1:${String(port)}`,
  );
  return fetch(url, init);
};

beforeAll(async () => {
  ({ api, sink, mailer, renderer, close } = await startAlertTestWithMail(() => clockMs));
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  evaluator = testEvaluator({ db: api.db, mailer, renderer, fetch: testFetch, now: () => clockMs });
  const viewerId = await findOrCreateUser(api.db, 'viewer@alerts.test');
  await ensureMembership(api.db, viewerId, 'demo', 'viewer');
  viewerToken = await issueToken(api.db, viewerId);

  // One info entry a minute for 30 minutes (the app is never silent there), and at minute 10
  // eight errors, one of them 2,000 characters long.
  const appId = await insertApp(api.db, 'demo', appFixture('watched'));
  const rows = Array.from({ length: 30 }, (_, minute) =>
    toLogRow(appId, { level: 'info', data: `tick ${String(minute)}` }, at(minute, 0) * 1000),
  );
  for (let i = 0; i < 8; i += 1) {
    const message = i === 7 ? `huge ${'x'.repeat(2000)}` : `upstream failed ${String(i)}`;
    rows.push(toLogRow(appId, { level: 'error', data: message }, at(10, 10 + i) * 1000));
  }
  await placeLogRows(
    api.db,
    rows.sort((a, b) => a.time_us - b.time_us),
  );
});
afterAll(async () => {
  await new Promise((closed) => receiver.close(closed));
  await close();
});

function rule(overrides: Partial<AlertRuleInput> = {}): AlertRuleInput {
  return {
    name: 'Upstream errors',
    app: 'watched',
    level: 'error',
    condition: { op: '>', threshold: 5, window_minutes: 5 },
    every_minutes: 1,
    notify: { emails: ['admin@example.com'], webhooks: ['https://hooks.test/alert'] },
    enabled: true,
    ...overrides,
  };
}

const createAlert = (body: AlertRuleInput) => postAlert(api, body);

/** The evaluator's round at `ms`: evaluation, then the outbox. */
async function roundAt(ms: number): Promise<void> {
  clockMs = ms;
  await evaluator.evaluateDue();
  await evaluator.deliverDue();
}

async function eventsOf(id: number, query = '', token?: string) {
  const res = await api.request('GET', `/alerts/${String(id)}/events${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return alertEventPageSchema.parse(res.json);
}

describe('the alerts evaluator', () => {
  it('fires once with five lines and the link, stays quiet above, resolves once', async () => {
    const id = await createAlert(rule());
    const before = alertSchema.parse((await api.request('GET', `/alerts/${String(id)}`)).json);
    expect(before.status).toEqual({
      state: 'ok',
      since: null,
      last_fired_at: null,
      last_count: null,
      last_evaluated_at: null,
    });

    // The window [6, 11) holds the eight errors: firing.
    await roundAt(at(11));
    expect(sink.messages).toHaveLength(1);
    const firing = sink.messages[0];
    expect(firing?.to).toEqual(['admin@example.com']);
    expect(firing?.subject).toBe('Firing: Upstream errors (8 > 5)');
    const text = firing?.text ?? '';
    const lines = text.split('\n').filter((line) => / error /.test(line));
    expect(lines).toHaveLength(5);
    // Newest first: the huge one (cut to 512 characters), then failures 6, 5, 4, 3.
    expect(lines[0]).toContain('huge xxx');
    expect(lines[0]?.split(' error ')[1]).toHaveLength(512);
    expect(lines.slice(1).map((line) => line.split(' error ')[1])).toEqual([
      'upstream failed 6',
      'upstream failed 5',
      'upstream failed 4',
      'upstream failed 3',
    ]);
    const since = (at(11, 0) - 5 * MINUTE_MS) / 1000;
    const until = at(11, 0) / 1000;
    expect(text).toContain(
      `https://console.example.com/s/demo/apps/watched/logs?level=error&range=custom&since=${String(since)}&before=${String(until)}`,
    );
    // In the html the link's & is escaped (migration 030): the href is the same URL to a reader.
    expect(firing?.html).toContain(
      `<a href="https://console.example.com/s/demo/apps/watched/logs?level=error&amp;range=custom&amp;since=${String(since)}&amp;before=${String(until)}" style="color:#2563eb">Open the logs</a>`,
    );

    const status = alertSchema.array().parse((await api.request('GET', '/alerts')).json)[0]?.status;
    expect(status).toMatchObject({ state: 'firing', last_count: 8 });
    expect(status?.last_fired_at).toBe(new Date(at(11)).toISOString());
    const first = await eventsOf(id, '', viewerToken);
    expect(first.items).toMatchObject([
      { from: null, to: 'firing', count: 8, threshold: 5, window_start: since, window_end: until },
    ]);

    // Still above a minute later: nothing more is sent, no event.
    await roundAt(at(12));
    expect(sink.messages).toHaveLength(1);
    expect((await eventsOf(id)).items).toHaveLength(1);

    // [11, 16) has entries but no error: resolved, once.
    await roundAt(at(16));
    await roundAt(at(17));
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages[1]?.subject).toBe('Resolved: Upstream errors (0 > 5)');
    // Each notification under its own stable Message-ID (decision 097), at the sender's domain.
    const messageIds = sink.messages.map((mail) => /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1]);
    expect(messageIds).toEqual([
      `<alert-${String(id)}.${String(at(11, 0) / MINUTE_MS)}.firing.email.${hashOf('admin@example.com')}.demo@console.test>`,
      `<alert-${String(id)}.${String(at(16, 0) / MINUTE_MS)}.ok.email.${hashOf('admin@example.com')}.demo@console.test>`,
    ]);
    const events = await eventsOf(id);
    expect(events.items.map((e) => [e.from, e.to])).toEqual([
      ['firing', 'ok'],
      [null, 'firing'],
    ]);
    const paged = await eventsOf(id, '?limit=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.next_before).toBe(events.items[0]?.id);
    expect((await eventsOf(id, `?limit=1&before=${String(paged.next_before)}`)).items).toEqual([
      events.items[1],
    ]);
  });

  it('signs the webhook JSON, retries a failed delivery and records each attempt', async () => {
    // The first test's firing POST was answered 500; it is tried again 30 s later.
    const firstTry = received[0];
    expect(firstTry).toBeDefined();
    const outbox = await api.db
      .selectFrom('alert_outbox')
      .selectAll()
      .where('channel', '=', 'webhook')
      .orderBy('id')
      .execute();
    const firingRow = outbox.find((row) => row.to_state === 'firing');
    if (!firingRow) throw new Error('no firing webhook row');
    await roundAt(at(20));
    const attempts = await deliveriesOf(api.db, firingRow.id);
    expect(attempts.map((a) => [a.attempt, a.ok, a.status])).toEqual([
      [1, 0, 500],
      [2, 1, 200],
    ]);
    const secretRes = await api.request('GET', '/alerts/webhook-secret');
    expect(secretRes.status).toBe(200);
    const { secret } = secretRes.json as { secret: string };
    const firing = received.filter(
      (r) => (JSON.parse(r.body) as { state: string }).state === 'firing',
    );
    expect(firing).toHaveLength(2);
    for (const delivery of received) {
      const expected = `sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`;
      expect(delivery.headers['x-site-console-signature']).toBe(expected);
      expect(Number(delivery.headers['x-site-console-timestamp'])).toBeGreaterThan(0);
    }
    const body = JSON.parse(firing[1]?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'alert.firing',
      state: 'firing',
      to: 'firing',
      app: 'watched',
      count: 8,
      threshold: 5,
    });
    expect(body.lines).toHaveLength(5);
    // A viewer never sees the key.
    const refused = await api.request('GET', '/alerts/webhook-secret', { token: viewerToken });
    expect(refused.status).toBe(403);
  });

  it('tells a silent app apart: no data alerts only with no_data "alert"', async () => {
    const quiet = await createAlert(
      rule({ name: 'Quiet', condition: { op: '<', threshold: 1, window_minutes: 5 }, notify: {} }),
    );
    const loud = await createAlert(
      rule({
        name: 'Gone silent',
        level: undefined,
        condition: { op: '<', threshold: 1, window_minutes: 5 },
        no_data: 'alert',
        notify: { emails: ['admin@example.com'] },
      }),
    );
    const mails = sink.messages.length;
    // [35, 40): no entry of the app at all.
    await roundAt(at(40));
    expect((await eventsOf(quiet)).items[0]).toMatchObject({ from: null, to: 'no_data' });
    expect((await eventsOf(loud)).items[0]).toMatchObject({ from: null, to: 'no_data' });
    expect(sink.messages).toHaveLength(mails + 1);
    expect(sink.messages[mails]?.subject).toBe('Firing: Gone silent (0 < 1)');
  });

  it("answers 404 for another site's alert and 400 on a bad limit or before (as every query parameter)", async () => {
    const id = await createAlert(rule({ name: 'Mine', notify: {} }));
    const other = await api.request('GET', `/alerts/${String(id)}/events`, { site: 'acme' });
    expect(other.status).toBe(404);
    expect(errorBodySchema.parse(other.json).code).toBe(404);
    expect((await api.request('GET', '/alerts/999999/events')).status).toBe(404);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?before=abc', 'before'],
    ] as const) {
      const res = await api.request('GET', `/alerts/${String(id)}/events${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBodySchema.parse(res.json).errors[0]?.field, query).toBe(field);
    }
  });

  it('evaluates the other alerts when one cannot be, and says which failed', async () => {
    const broken = await createAlert(rule({ name: 'Broken', notify: {} }));
    const watched = await createAlert(rule({ name: 'Still watched', notify: {} }));
    // A stored rule that no longer reads (the first of the two by id): its evaluation throws.
    await api.db.updateTable('alerts').set({ rule: '{' }).where('id', '=', broken).execute();

    clockMs = at(45);
    await expect(evaluator.evaluateDue()).rejects.toThrow(
      `alert ${String(broken)}: the stored rule does not read`,
    );
    const status = alertSchema.parse(
      (await api.request('GET', `/alerts/${String(watched)}`)).json,
    ).status;
    expect(status?.last_evaluated_at).toBe(new Date(at(45)).toISOString());
    await api.db.deleteFrom('alerts').where('id', '=', broken).execute();
  });
});
