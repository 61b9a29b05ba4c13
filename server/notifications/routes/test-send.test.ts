import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { testSendResultSchema, testSendSettingsSchema } from '../../../contract/schemas/test-send';
import { smtpMailer } from '../mail/mailer';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const template = {
  subject: 'Order {{ order.number }} for {{ customer.first_name }}',
  text: 'Hi {{ customer.first_name }},\n{% for line in order.lines %}- {{ line.title }} × {{ line.quantity }}\n{% endfor %}Total: {{ order.total }}',
  html: '<h1>Thanks, {{ customer.first_name }}!</h1>{% for line in order.lines %}<p>{{ line.title }}</p>{% endfor %}<p>Total: {{ order.total }}</p>',
  html_enabled: true,
};
const data = {
  customer: { first_name: 'Zoë' },
  order: { number: '1042', total: '€ 12,50', lines: [{ title: 'Mug', quantity: 2 }] },
};

describe('test sends through SMTP', () => {
  let sink: SmtpSink;
  let api: TestApi;
  const mailer = { current: null as ReturnType<typeof smtpMailer> | null };

  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer.current = smtpMailer(sink.url);
    api = await startTestApi({ mailer: mailer.current, mailFrom: 'Shop <shop@example.com>' });
  });
  afterAll(async () => {
    await api.close();
    mailer.current?.close();
    await sink.close();
  });

  it('says where test sends go', async () => {
    const res = await api.request('GET', '/test-send', { site: null });
    expect(res.status).toBe(200);
    expect(testSendSettingsSchema.parse(res.json)).toMatchObject({
      configured: true,
      to: 'admin@example.com',
    });
  });

  it('renders subject, text and HTML with the sample and mails them to the signed-in admin', async () => {
    const before = sink.messages.length;
    const res = await api.request('POST', '/notifications/order-confirmation/test-send', {
      body: { ...template, data },
    });
    expect(res.status).toBe(200);
    const result = testSendResultSchema.parse(res.json);
    expect(result).toMatchObject({ to: 'admin@example.com', subject: '[Test] Order 1042 for Zoë' });
    expect(sink.messages).toHaveLength(before + 1);
    const mail = sink.messages.at(-1);
    expect(mail?.to).toEqual(['admin@example.com']);
    expect(mail?.from).toBe('shop@example.com');
    expect(mail?.subject).toBe('[Test] Order 1042 for Zoë');
    expect(mail?.text).toBe('Hi Zoë,\n- Mug × 2\nTotal: € 12,50');
    expect(mail?.html).toBe('<h1>Thanks, Zoë!</h1><p>Mug</p><p>Total: € 12,50</p>');
  });

  it('sends the text alone when the HTML version is off', async () => {
    const res = await api.request('POST', '/notifications/order-confirmation/test-send', {
      body: { ...template, html: '{% if %}', html_enabled: false, data },
    });
    expect(res.status).toBe(200);
    const mail = sink.messages.at(-1);
    expect(mail?.text).toContain('Total: € 12,50');
    expect(mail?.html).toBeUndefined();
  });

  it('refuses a template that does not parse, on its field, and sends nothing', async () => {
    const before = sink.messages.length;
    const res = await api.request('POST', '/notifications/order-confirmation/test-send', {
      body: { ...template, html: '<p>{% if order %}</p>', data },
    });
    expect(res.status).toBe(422);
    const body = errorBodySchema.parse(res.json);
    expect(body.code).toBe(422);
    expect(body.errors[0]).toMatchObject({ field: 'html', code: 'liquid_syntax' });
    expect(sink.messages).toHaveLength(before);
  });

  it('answers 404 for a notification of another site and 422 for an unknown field', async () => {
    const missing = await api.request('POST', '/notifications/nope/test-send', {
      body: { ...template, data },
    });
    expect(missing.status).toBe(404);
    const extra = await api.request('POST', '/notifications/welcome/test-send', {
      body: { ...template, data, to: 'someone@else.example' },
    });
    expect(extra.status).toBe(422);
    expect(errorBodySchema.parse(extra.json).errors[0]?.field).toBe('to');
  });

  it('refuses sends past the limit with 429 and Retry-After, and mails nothing', async () => {
    const limited = await startTestApi({
      mailer: mailer.current,
      testSendLimiter: new FixedWindowLimiter(1, 60_000),
    });
    try {
      const send = () =>
        limited.request('POST', '/notifications/welcome/test-send', {
          body: { ...template, data },
        });
      expect((await send()).status).toBe(200);
      const before = sink.messages.length;
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorBodySchema.parse(refused.json)).toMatchObject({ code: 429 });
      expect(sink.messages).toHaveLength(before);
    } finally {
      await limited.close();
    }
  });
});

describe('test sends without SMTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('says how to configure them, and a send is a 503 Error body', async () => {
    const settings = testSendSettingsSchema.parse(
      (await api.request('GET', '/test-send', { site: null })).json,
    );
    expect(settings.configured).toBe(false);
    expect(settings.how_to_configure).toMatch(/SMTP_URL/);
    const res = await api.request('POST', '/notifications/welcome/test-send', {
      body: { ...template, data },
    });
    expect(res.status).toBe(503);
    expect(errorBodySchema.parse(res.json)).toMatchObject({ code: 503, errors: [] });
  });

  it('answers 502 when the SMTP server cannot be reached', async () => {
    const sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    const unreachable = await startTestApi({ mailer: smtpMailer(url) });
    try {
      const res = await unreachable.request('POST', '/notifications/welcome/test-send', {
        body: { ...template, data },
      });
      expect(res.status).toBe(502);
      expect(errorBodySchema.parse(res.json).message).toMatch(/mail server did not take/);
    } finally {
      await unreachable.close();
    }
  });
});
