/**
 * Issue 38: a test send renders the template in its layout with the site's snippets, in the
 * language sent (the one renderer), and a snippet it names that does not exist is a 422 on the
 * field and line that names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { smtpMailer } from '../mail/mailer';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let sink: SmtpSink;
let api: TestApi;
let mailer: ReturnType<typeof smtpMailer>;

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = smtpMailer(sink.url);
  api = await startTestApi({ mailer });
  const put = async (path: string, body: unknown) => {
    const res = await api.request('PUT', path, { body });
    expect(res.status, res.text).toBe(200);
  };
  await put('/snippets/signoff', {
    body: 'Regards, {{ team }}',
    translations: { nl: { body: 'Groeten, {{ team }}' } },
  });
  await put('/layouts/mail', {
    name: 'Mail',
    html: '<div class="shell">{{ content }}<p class="foot">{% render "signoff", team: "Shop" %}</p></div>',
    text: '{{ content }}\n--\n{% render "signoff", team: "Shop" %}',
  });
  await put('/notifications/welcome', {
    layout: 'mail',
    html_enabled: true,
    html: '<p>Hi {{ name }}</p>',
    text: 'Hi {{ name }}',
    translations: {
      nl: { subject: 'Welkom', html: '<p>Hoi {{ name }}</p>', text: 'Hoi {{ name }}' },
    },
  });
});
afterAll(async () => {
  await api.close();
  mailer.close();
  await sink.close();
});

describe('a test send in a layout', () => {
  it('carries the layout and the snippet, in the default language and in nl', async () => {
    const en = await api.request('POST', '/notifications/welcome/test-send', {
      body: { data: { name: 'Ann' } },
    });
    expect(en.status, en.text).toBe(200);
    const nl = await api.request('POST', '/notifications/welcome/test-send', {
      body: { data: { name: 'Ann' }, locale: 'nl' },
    });
    expect(nl.status, nl.text).toBe(200);
    const [first, second] = sink.messages.slice(-2);
    expect(first?.html).toContain(
      '<div class="shell"><p>Hi Ann</p><p class="foot">Regards, Shop</p></div>',
    );
    expect(first?.text).toContain('Hi Ann\n--\nRegards, Shop');
    expect(second?.html).toContain('<p>Hoi Ann</p><p class="foot">Groeten, Shop</p>');
  });

  it('renders the layout sent with the edits, and refuses an unknown one on layout', async () => {
    const none = await api.request('POST', '/notifications/welcome/test-send', {
      body: { data: { name: 'Bo' }, layout: null },
    });
    expect(none.status).toBe(200);
    expect(sink.messages.at(-1)?.html).not.toContain('shell');
    const unknown = await api.request('POST', '/notifications/welcome/test-send', {
      body: { data: {}, layout: 'gone' },
    });
    expect(unknown.status).toBe(422);
    expect(errorBodySchema.parse(unknown.json).errors[0]?.field).toBe('layout');
  });

  it('names an unknown snippet on the field and line', async () => {
    const res = await api.request('POST', '/notifications/welcome/test-send', {
      body: { data: {}, html: '<p>a</p>\n{% render "nope" %}' },
    });
    expect(res.status).toBe(422);
    const error = errorBodySchema.parse(res.json).errors[0];
    expect(error).toMatchObject({
      field: 'html',
      value: { part: 'template', code: 'unknown_snippet', line: 2 },
    });
    expect(error?.message).toContain('"nope"');
  });
});
