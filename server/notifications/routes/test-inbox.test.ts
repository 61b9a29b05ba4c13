import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import {
  TEST_INBOX_MAX_PER_SITE,
  testInboxListSchema,
  testInboxMessageSchema,
} from '../../../contract/schemas/test-inbox';
import { testSendResultSchema } from '../../../contract/schemas/test-send';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import { spamdAddress } from '../mail/spamd-client';
import { smtpMailer } from '../mail/mailer';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { insertInboxMail } from '../store/test-inbox';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const template = {
  subject: 'Welcome, {{ customer.first_name }}',
  text: 'Hi {{ customer.first_name }}, welcome.',
  html: '<p>Hi <b>{{ customer.first_name }}</b>, welcome.</p>',
  html_enabled: true,
  // The mail as sent, without the demo's layout around it (the layout has its own tests).
  layout: null,
};
const data = { customer: { first_name: 'Zoë' } };
const spamd = process.env.TEST_SPAMD_ADDRESS;

describe('the test inbox, without SMTP_URL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      spamd: spamd ? spamdAddress(spamd) : null,
      testSendLimiter: new FixedWindowLimiter(1000, 60_000),
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps a test send, as the recipient gets it, newest first', async () => {
    const sent = await api.request('POST', '/notifications/welcome/test-send', {
      body: { ...template, data },
    });
    expect(sent.status).toBe(200);
    const { inbox_id: id } = testSendResultSchema.parse(sent.json);

    const list = testInboxListSchema.parse((await api.request('GET', '/test-inbox')).json);
    expect(list.smtp_configured).toBe(false);
    expect(list.data[0]).toMatchObject({
      id,
      notification: 'welcome',
      locale: null,
      to: 'admin@example.com',
      subject: '[Test] Welcome, Zoë',
    });
    expect(list.data[0]?.size).toBeGreaterThan(200);

    const res = await api.request('GET', `/test-inbox/${String(id)}`);
    expect(res.status).toBe(200);
    const mail = testInboxMessageSchema.parse(res.json);
    expect(mail.html).toBe('<p>Hi <b>Zoë</b>, welcome.</p>');
    expect(mail.text).toBe('Hi Zoë, welcome.');
    expect(mail.headers.map((header) => header.name)).toEqual(
      expect.arrayContaining(['From', 'To', 'Subject', 'Message-ID', 'Content-Type']),
    );
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.size).toBe(Buffer.byteLength(mail.raw));
  });

  it.runIf(Boolean(spamd))("scores each mail with the real spamd's rules", async () => {
    const sent = testSendResultSchema.parse(
      (
        await api.request('POST', '/notifications/welcome/test-send', {
          body: { ...template, data },
        })
      ).json,
    );
    const mail = testInboxMessageSchema.parse(
      (await api.request('GET', `/test-inbox/${String(sent.inbox_id)}`)).json,
    );
    expect(mail.spam?.threshold).toBe(5);
    expect(mail.spam?.rules.map((rule) => rule.name)).toContain('HTML_MESSAGE');
  });

  it("is the site's own: another site neither lists nor reads it", async () => {
    const sent = testSendResultSchema.parse(
      (
        await api.request('POST', '/notifications/welcome/test-send', {
          body: { ...template, data },
        })
      ).json,
    );
    const acme = testInboxListSchema.parse(
      (await api.request('GET', '/test-inbox', { site: 'acme' })).json,
    );
    expect(acme.data.map((mail) => mail.id)).not.toContain(sent.inbox_id);
    const res = await api.request('GET', `/test-inbox/${String(sent.inbox_id)}`, { site: 'acme' });
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });

  it('deletes a mail, and a second delete is a 404 Error body', async () => {
    const sent = testSendResultSchema.parse(
      (
        await api.request('POST', '/notifications/welcome/test-send', {
          body: { ...template, data },
        })
      ).json,
    );
    const path = `/test-inbox/${String(sent.inbox_id)}`;
    expect((await api.request('DELETE', path)).status).toBe(204);
    expect((await api.request('GET', path)).status).toBe(404);
    const again = await api.request('DELETE', path);
    expect(again.status).toBe(404);
    expect(errorBodySchema.parse(again.json).code).toBe(404);
  });

  it('answers 400 with the Error body for an id that is no number', async () => {
    const res = await api.request('GET', '/test-inbox/abc');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.json).code).toBe(400);
  });

  it('keeps the last 100 of a site', async () => {
    for (let index = 0; index < TEST_INBOX_MAX_PER_SITE + 5; index += 1) {
      await insertInboxMail(api.db, 'acme', {
        notificationSlug: 'welcome',
        locale: null,
        from: 'a@example.com',
        to: 'b@example.com',
        subject: `Mail ${String(index)}`,
        text: 'x',
        html: null,
        raw: 'Subject: x\r\n\r\nx',
        spam: null,
      });
    }
    const list = testInboxListSchema.parse(
      (await api.request('GET', '/test-inbox', { site: 'acme' })).json,
    );
    expect(list.data).toHaveLength(TEST_INBOX_MAX_PER_SITE);
    expect(list.data[0]?.subject).toBe(`Mail ${String(TEST_INBOX_MAX_PER_SITE + 4)}`);
    expect(list.data.at(-1)?.subject).toBe('Mail 5');
    const count = await api.db
      .selectFrom('test_inbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('site_id', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(TEST_INBOX_MAX_PER_SITE);
  });
});

describe('the test inbox, with SMTP_URL', () => {
  let sink: SmtpSink;
  let api: TestApi;
  let mailer: ReturnType<typeof smtpMailer>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = smtpMailer(sink.url);
    api = await startTestApi({ mailer });
  });
  afterAll(async () => {
    await api.close();
    mailer.close();
    await sink.close();
  });

  it('says sends go out, and keeps none of them', async () => {
    const sent = await api.request('POST', '/notifications/welcome/test-send', {
      body: { ...template, data },
    });
    expect(sent.status).toBe(200);
    expect(testSendResultSchema.parse(sent.json).inbox_id).toBeUndefined();
    expect(sink.messages).toHaveLength(1);
    const list = testInboxListSchema.parse((await api.request('GET', '/test-inbox')).json);
    expect(list).toEqual({ smtp_configured: true, data: [] });
  });
});
