/** Issue 28: GET/PATCH /settings/site over HTTP (both engines, via TEST_ENGINE). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { notificationSchema } from '../../../contract/schemas/notification';
import { siteSettingsSchema } from '../../../contract/schemas/site-settings';
import { DEFAULT_EMAIL_CLIENTS } from '../../../contract/schemas/email-clients';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function settings(site = 'demo') {
  const res = await api.request('GET', '/settings/site', { site });
  expect(res.status).toBe(200);
  return { s: siteSettingsSchema.parse(res.json), etag: res.headers.get('etag') ?? '' };
}

async function notification(slug: string) {
  const res = await api.request('GET', `/notifications/${slug}`);
  return notificationSchema.parse(res.json);
}

describe('site settings', () => {
  it('answers the demo languages and a plain site’s default', async () => {
    expect((await settings()).s).toMatchObject({
      name: 'Demo Store',
      default_locale: 'en',
      locales: ['en', 'nl', 'fr'],
    });
    expect((await settings('acme')).s).toMatchObject({ default_locale: 'en', locales: ['en'] });
  });

  it('keeps the e-mail clients the checks report on, refusing unknown or repeated ones on the field', async () => {
    expect((await settings('acme')).s.email_clients).toEqual([...DEFAULT_EMAIL_CLIENTS]);
    const ok = await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { email_clients: ['outlook-windows', 'gmail'] },
    });
    expect(ok.status).toBe(200);
    expect(siteSettingsSchema.parse(ok.json).email_clients).toEqual(['outlook-windows', 'gmail']);
    const before = await settings('acme');
    for (const [body, field] of [
      [{ email_clients: ['gmail', 'lotus-notes'] }, 'email_clients.1'],
      [{ email_clients: ['gmail', 'gmail'] }, 'email_clients.1'],
      [{ email_clients: 'gmail' }, 'email_clients'],
      [{ email_clients: [42] }, 'email_clients.0'],
    ] as const) {
      const res = await api.request('PATCH', '/settings/site', { site: 'acme', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(errorBodySchema.parse(res.json).errors.map((e) => e.field)).toContain(field);
    }
    expect(await settings('acme')).toEqual(before);
    // Empty turns the client-support check off; the languages are left as they were.
    const none = await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { email_clients: [] },
    });
    expect(siteSettingsSchema.parse(none.json)).toMatchObject({
      email_clients: [],
      locales: before.s.locales,
    });
    await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { email_clients: [...DEFAULT_EMAIL_CLIENTS] },
    });
  });

  it('keeps tags canonical, and refuses bad ones on the field, changing nothing', async () => {
    const ok = await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { locales: ['en', 'PT-br', 'nl'] },
    });
    expect(ok.status).toBe(200);
    expect(siteSettingsSchema.parse(ok.json).locales).toEqual(['en', 'pt-BR', 'nl']);
    const before = await settings('acme');
    for (const [body, field] of [
      [{ locales: ['en', 'not a tag'] }, 'locales.1'],
      [{ locales: ['en', 'nl', 'NL'] }, 'locales.2'],
      [{ default_locale: 'fr' }, 'default_locale'],
      [{ locales: ['nl'] }, 'default_locale'],
      [{ locales: [] }, 'locales'],
      [{ name: '  ' }, 'name'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await api.request('PATCH', '/settings/site', { site: 'acme', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(errorBodySchema.parse(res.json).errors.map((e) => e.field)).toContain(field);
    }
    expect(await settings('acme')).toEqual(before);
  });

  it('answers 412 for a stale If-Match and moves the ETag on a change', async () => {
    const before = await settings('acme');
    const res = await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { name: 'Acme Corp' },
      headers: { 'If-Match': before.etag },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(before.etag);
    const stale = await api.request('PATCH', '/settings/site', {
      site: 'acme',
      body: { name: 'Lost' },
      headers: { 'If-Match': before.etag },
    });
    expect(stale.status).toBe(412);
    errorBodySchema.parse(stale.json);
    expect((await settings('acme')).s.name).toBe('Acme Corp');
  });

  it('a new default trades places with its translation; others keep their content', async () => {
    const order = await notification('order-confirmation');
    const invoice = await notification('invoice');
    const nl = order.translations.nl;
    if (!nl) throw new Error('the demo order confirmation has nl');
    const res = await api.request('PATCH', '/settings/site', { body: { default_locale: 'nl' } });
    expect(res.status).toBe(200);
    const swapped = await notification('order-confirmation');
    expect(swapped).toMatchObject({ subject: nl.subject, text: nl.text, html: nl.html });
    expect(swapped.translations.en).toMatchObject({
      subject: order.subject,
      text: order.text,
      html: order.html,
      outdated: false,
      based_on: { subject: nl.subject, text: nl.text, html: nl.html },
    });
    expect(Object.keys(swapped.translations)).toEqual(['en']);
    expect(swapped.updated_at).not.toBe(order.updated_at);
    // Without an nl translation the content stays, now the Dutch default's.
    expect(await notification('invoice')).toEqual(invoice);
    // And back: the same trade the other way.
    await api.request('PATCH', '/settings/site', { body: { default_locale: 'en' } });
    const back = await notification('order-confirmation');
    expect(back).toMatchObject({ subject: order.subject, text: order.text, html: order.html });
    expect(back.translations.nl).toMatchObject({ subject: nl.subject, outdated: false });
  });
  it('refuses a new default whose translation has no HTML where the HTML version is on', async () => {
    const put = await api.request('PUT', '/notifications/invoice', {
      body: { translations: { fr: { subject: 'Votre facture' } } },
    });
    expect(put.status).toBe(200);
    const invoice = await notification('invoice');
    expect(invoice.html_enabled).toBe(true);
    const before = await settings();
    const res = await api.request('PATCH', '/settings/site', { body: { default_locale: 'fr' } });
    expect(res.status).toBe(422);
    const error = errorBodySchema.parse(res.json).errors[0];
    expect(error?.field).toBe('default_locale');
    expect(error?.message).toContain(invoice.name);
    expect(await settings()).toEqual(before);
    expect(await notification('invoice')).toEqual(invoice);
    await api.request('PUT', '/notifications/invoice', { body: { translations: { fr: null } } });
  });
});
