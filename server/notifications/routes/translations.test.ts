/** Issue 28: translations on notifications over HTTP (both engines, via TEST_ENGINE). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { notificationListSchema, notificationSchema } from '../../../contract/schemas/notification';
import { testSendResultSchema } from '../../../contract/schemas/test-send';
import { smtpMailer } from '../mail/mailer';
import { startSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import {
  fetchNotification,
  startTestApi,
  type TestApi,
} from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function put(slug: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request('PUT', `/notifications/${slug}`, { body, headers });
}

/** A refused PUT: 422 (or the given status), the Error body, and the notification unchanged. */
async function expectRefused(
  slug: string,
  body: unknown,
  field: string,
  status = 422,
): Promise<void> {
  const before = await fetchNotification(api, slug);
  const res = await put(slug, body);
  expect(res.status).toBe(status);
  const error = errorBodySchema.parse(res.json);
  expect(error.errors.map((detail) => detail.field)).toContain(field);
  expect(await fetchNotification(api, slug)).toEqual(before);
}

describe('translations on notifications', () => {
  it('answers the demo translations: nl of the order confirmation, an outdated nl welcome', async () => {
    const res = await api.request('GET', '/notifications');
    const list = notificationListSchema.parse(res.json);
    const order = list.find((n) => n.slug === 'order-confirmation');
    expect(Object.keys(order?.translations ?? {})).toEqual(['nl']);
    expect(order?.translations.nl?.outdated).toBe(false);
    expect(order?.translations.nl?.subject).toContain('Je bestelling');
    // Every text of the HTML is Dutch; its markup and Liquid are the English one's.
    const html = order?.translations.nl?.html ?? '';
    for (const english of ['Thank you', 'We received', 'Subtotal', 'Shipping', 'View your order']) {
      expect(html).not.toContain(english);
    }
    expect(html).toContain('<html lang="nl">');
    expect(html.match(/{{[^}]*}}|{%[^%]*%}/g)).toEqual(
      order?.html.match(/{{[^}]*}}|{%[^%]*%}/g)?.map((tag) => tag.replace('"there"', '"klant"')),
    );
    expect(list.some((n) => n.translations.fr)).toBe(false);
    const welcome = list.find((n) => n.slug === 'welcome');
    expect(welcome?.translations.nl?.outdated).toBe(true);
    expect(welcome?.translations.nl?.based_on.subject).not.toBe(welcome?.subject);
    expect(list.find((n) => n.slug === 'invoice')?.translations).toEqual({});
  });

  it('changes one field of one locale, sets based_on to the default, moves the ETag', async () => {
    const before = await fetchNotification(api, 'welcome');
    const res = await put(
      'welcome',
      {
        translations: { nl: { subject: 'Welkom bij {{ shop.name }}, {{ customer.first_name }}' } },
      },
      { 'If-Match': before.etag },
    );
    expect(res.status).toBe(200);
    const after = notificationSchema.parse(res.json);
    const nl = after.translations.nl;
    expect(nl?.subject).toBe('Welkom bij {{ shop.name }}, {{ customer.first_name }}');
    expect(nl?.text).toBe(before.n.translations.nl?.text);
    expect(nl?.html).toBe(before.n.translations.nl?.html);
    expect(nl?.outdated).toBe(false);
    expect(nl?.based_on).toEqual({
      subject: before.n.subject,
      text: before.n.text,
      html: before.n.html,
    });
    expect(after.subject).toBe(before.n.subject);
    expect(res.headers.get('etag')).not.toBe(before.etag);
    // The old ETag is now stale.
    const stale = await put(
      'welcome',
      { translations: { nl: { text: 'x' } } },
      {
        'If-Match': before.etag,
      },
    );
    expect(stale.status).toBe(412);
    errorBodySchema.parse(stale.json);
  });

  it('marks a translation outdated when the default changes, and current again when saved', async () => {
    const { n } = await fetchNotification(api, 'order-confirmation');
    const changed = await put('order-confirmation', { subject: `${n.subject} (new)` });
    expect(notificationSchema.parse(changed.json).translations.nl?.outdated).toBe(true);
    const saved = await put('order-confirmation', {
      subject: n.subject,
      translations: { nl: { subject: 'Je bestelling {{ order.number }}' } },
    });
    const nl = notificationSchema.parse(saved.json).translations.nl;
    expect(nl?.outdated).toBe(false);
    expect(nl?.based_on.subject).toBe(n.subject);
  });

  it('starts a new translation with empty fields and removes one with null', async () => {
    await api.request('PATCH', '/settings/site', { body: { locales: ['en', 'nl', 'fr', 'de'] } });
    const res = await put('invoice', { translations: { fr: { subject: 'Votre facture' } } });
    expect(res.status).toBe(200);
    const fr = notificationSchema.parse(res.json).translations.fr;
    expect(fr).toMatchObject({ subject: 'Votre facture', text: '', html: '', outdated: false });
    const removed = await put('invoice', { translations: { fr: null } });
    expect(notificationSchema.parse(removed.json).translations).toEqual({});
  });

  it('a GET-modify-PUT round trip keeps translations as they are, outdated ones too', async () => {
    const before = await fetchNotification(api, 'welcome');
    await put('welcome', { text: `${before.n.text}\n` });
    const { n, etag } = await fetchNotification(api, 'welcome');
    expect(n.translations.nl?.outdated).toBe(true);
    const { id: _id, url: _url, ...sentBack } = n;
    const res = await put('welcome', { ...sentBack, name: 'Welcome mail' }, { 'If-Match': etag });
    expect(res.status).toBe(200);
    const after = notificationSchema.parse(res.json);
    expect(after.name).toBe('Welcome mail');
    expect(after.translations).toEqual(n.translations);
    // Sending a translation's field without based_on saves it: current again.
    const saved = await put('welcome', { translations: { nl: { text: n.translations.nl?.text } } });
    expect(notificationSchema.parse(saved.json).translations.nl?.outdated).toBe(false);
  });

  it('refuses bad translations with the detail on the field and changes nothing', async () => {
    await expectRefused('invoice', { translations: { de: null } }, 'translations.de');
    await expectRefused(
      'invoice',
      { translations: { es: { subject: 'Hola' } } },
      'translations.es',
    );
    await expectRefused('invoice', { translations: { en: { subject: 'Hi' } } }, 'translations.en');
    await expectRefused('invoice', { translations: { nl: 'Hallo' } }, 'translations.nl');
    await expectRefused(
      'invoice',
      { translations: { nl: { text: 'no subject' } } },
      'translations.nl.subject',
    );
    await expectRefused(
      'invoice',
      { translations: { nl: { subject: 'Factuur', html: '{% if x %}open' } } },
      'translations.nl.html',
    );
    await expectRefused(
      'invoice',
      { translations: { nl: { subject: 'x'.repeat(501) } } },
      'translations.nl.subject',
    );
    await expectRefused(
      'invoice',
      { translations: { nl: { subject: 'Factuur', color: 'red' } } },
      'translations.nl.color',
    );
    // One bad locale refuses the whole PUT, the good one included.
    await expectRefused(
      'invoice',
      { subject: 'Changed', translations: { nl: { subject: 'Factuur' }, es: { subject: 'x' } } },
      'translations.es',
    );
  });

  it('a removed site locale takes its translations along, moving the ETag', async () => {
    await put('invoice', { translations: { de: { subject: 'Ihre Rechnung' } } });
    const before = await fetchNotification(api, 'invoice');
    expect(Object.keys(before.n.translations)).toContain('de');
    const site = await api.request('GET', '/settings/site');
    const locales = (site.json as { locales: string[] }).locales.filter((l) => l !== 'de');
    const res = await api.request('PATCH', '/settings/site', { body: { locales } });
    expect(res.status).toBe(200);
    const after = await fetchNotification(api, 'invoice');
    expect(Object.keys(after.n.translations)).not.toContain('de');
    expect(after.etag).not.toBe(before.etag);
  });
});

describe('test sends in a language', () => {
  let sink: SmtpSink;
  let mailApi: TestApi;
  let mailer: ReturnType<typeof smtpMailer> | null = null;
  const body = {
    subject: 'Je bestelling {{ order.number }}',
    text: 'Bedankt!',
    html: '',
    html_enabled: false,
    data: { order: { number: '1042' } },
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = smtpMailer(sink.url);
    mailApi = await startTestApi({ mailer, mailFrom: 'Shop <shop@example.com>' });
  });
  afterAll(async () => {
    await mailApi.close();
    mailer?.close();
    await sink.close();
  });

  it('sends a saved translation, marked with its locale', async () => {
    const res = await mailApi.request('POST', '/notifications/order-confirmation/test-send', {
      body: { ...body, locale: 'nl' },
    });
    expect(res.status).toBe(200);
    expect(testSendResultSchema.parse(res.json).subject).toBe('[Test nl] Je bestelling 1042');
    expect(sink.messages.at(-1)?.subject).toBe('[Test nl] Je bestelling 1042');
  });

  it('renders the saved translation for the fields not sent', async () => {
    const res = await mailApi.request('POST', '/notifications/order-confirmation/test-send', {
      body: { locale: 'nl', data: { order: { number: '7' }, shop: { name: 'Winkel' } } },
    });
    expect(res.status).toBe(200);
    const mail = sink.messages.at(-1);
    expect(mail?.subject).toBe('[Test nl] Je bestelling 7 bij Winkel');
    expect(mail?.text).toContain('Bedankt voor je bestelling 7');
    expect(mail?.html).toContain('Bekijk je bestelling');
  });

  it('refuses a locale the site does not have, or one without a translation', async () => {
    const sent = sink.messages.length;
    for (const [slug, locale] of [
      ['order-confirmation', 'es'],
      ['order-confirmation', 'fr'],
    ] as const) {
      const res = await mailApi.request('POST', `/notifications/${slug}/test-send`, {
        body: { ...body, locale },
      });
      expect(res.status).toBe(422);
      expect(errorBodySchema.parse(res.json).errors[0]?.field).toBe('locale');
    }
    expect(sink.messages).toHaveLength(sent);
  });
});
