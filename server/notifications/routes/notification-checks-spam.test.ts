import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksResultSchema } from '../../../contract/schemas/notification-checks';
import { notificationSchema } from '../../../contract/schemas/notification';
import { composeMessage } from '../mail/compose-message';
import { spamdAddress, spamVerdict, type SpamdOptions } from '../mail/spamd-client';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

/**
 * The spam score of each locale is SpamAssassin's real score of that locale's message (issue 39,
 * decision 086): the service asks the real spamd of TEST_SPAMD_ADDRESS (scripts/ensure-spamd.sh)
 * through a proxy that counts the messages, so the test sees which locales spamd scored.
 */
const address = process.env.TEST_SPAMD_ADDRESS;

const FROM = 'Shop <shop@example.com>';
const sample = { name: 'Typical', data: { customer: { first_name: 'Ada' } } };
const enHtml = '<p>Hi {{ customer.first_name }}, thanks for your order.</p>';
// A subject all in capitals is one of SpamAssassin's offline rules (SUBJ_ALL_CAPS): nl scores
// differently from en.
const nl = {
  subject: 'UW BESTELLING IS ONDERWEG NAAR U',
  text: 'Hoi {{ customer.first_name }}',
  html: '<p>Hoi {{ customer.first_name }}, dank voor je bestelling.</p>',
};
const draft = {
  subject: 'Your order, {{ customer.first_name }}',
  text: 'Hi {{ customer.first_name }}',
  html: enHtml,
  html_enabled: true,
  translations: { nl },
  samples: [sample],
  spam: true,
};

/** spamd's own verdict on the message a locale renders to, asked directly. */
async function directScore(
  spamd: SpamdOptions,
  rendered: { subject: string; text: string; html: string },
): Promise<number | undefined> {
  const { raw } = await composeMessage({
    from: FROM,
    to: 'checks@localhost',
    ...rendered,
  });
  return (await spamVerdict(raw, spamd))?.score;
}

/** A TCP proxy to spamd that counts the connections (one per message scored). */
async function countingProxy(
  target: SpamdOptions,
): Promise<{ server: Server; port: number; count: () => number }> {
  let count = 0;
  // Half-open both ways: spamc's protocol ends the request before the answer comes back.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    count += 1;
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, count: () => count };
}

function scores(json: unknown): Record<string, number> {
  const result = checksResultSchema.parse(json);
  const byLocale: Record<string, number> = {};
  for (const finding of result.findings.filter((f) => f.check === 'spam_score')) {
    const score = /^SpamAssassin score (-?\d+\.\d)/.exec(finding.message)?.[1];
    if (score !== undefined) byLocale[finding.locale] = Number(score);
  }
  return byLocale;
}

describe.runIf(Boolean(address))('the spam score of each locale (real spamd)', () => {
  const spamd = spamdAddress(address ?? '');
  let api: TestApi;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  beforeAll(async () => {
    proxy = await countingProxy(spamd);
    api = await startTestApi({ spamd: { host: '127.0.0.1', port: proxy.port }, mailFrom: FROM });
    // The template alone (the demo's welcome has a layout around it), so the test knows what
    // each locale renders to.
    const saved = await api.request('GET', '/notifications/welcome');
    const current = notificationSchema.parse(saved.json);
    const put = await api.request('PUT', '/notifications/welcome', {
      body: {
        name: current.name,
        description: current.description,
        subject: current.subject,
        text: current.text,
        html: current.html,
        html_enabled: true,
        layout: null,
      },
      headers: { 'If-Match': saved.headers.get('etag') ?? '*' },
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => proxy.server.close(resolve));
  });

  // Six scans by a real spamd (three of them the test's own), on a machine shared with other
  // work: more time than the default 20 s, which a loaded run came close to.
  it("is spamd's score of that locale's message, each distinct message scored once", async () => {
    const first = await api.request('POST', '/notifications/welcome/checks', { body: draft });
    expect(first.status).toBe(200);
    const [en, nlScore] = await Promise.all([
      directScore(spamd, {
        subject: 'Your order, Ada',
        text: 'Hi Ada',
        html: '<p>Hi Ada, thanks for your order.</p>',
      }),
      directScore(spamd, {
        subject: nl.subject,
        text: 'Hoi Ada',
        html: '<p>Hoi Ada, dank voor je bestelling.</p>',
      }),
    ]);
    expect(en).toBeDefined();
    expect(nlScore).not.toBe(en);
    expect(scores(first.json)).toEqual({
      en: Number(en?.toFixed(1)),
      nl: Number(nlScore?.toFixed(1)),
    });
    expect(proxy.count()).toBe(2);

    // The same draft again: the same messages, answered without asking spamd.
    const again = await api.request('POST', '/notifications/welcome/checks', { body: draft });
    expect(scores(again.json)).toEqual(scores(first.json));
    expect(proxy.count()).toBe(2);

    // nl edited: only nl's new message goes to spamd, and its score is the new message's.
    const edited = { ...nl, subject: 'Uw bestelling is onderweg' };
    const third = await api.request('POST', '/notifications/welcome/checks', {
      body: { ...draft, translations: { nl: edited } },
    });
    expect(proxy.count()).toBe(3);
    const nlEdited = await directScore(spamd, {
      subject: edited.subject,
      text: 'Hoi Ada',
      html: '<p>Hoi Ada, dank voor je bestelling.</p>',
    });
    expect(nlEdited).not.toBe(nlScore);
    expect(scores(third.json)).toEqual({
      en: Number(en?.toFixed(1)),
      nl: Number(nlEdited?.toFixed(1)),
    });
  }, 60_000);
});
