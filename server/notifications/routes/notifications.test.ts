import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIQUID_LIMITS } from '../../../contract/liquid-bounds';
import { errorBodySchema } from '../../../contract/schemas/error';
import { notificationListSchema, notificationSchema } from '../../../contract/schemas/notification';
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

describe('notifications', () => {
  it("lists the six demo templates and the site's built-in log-alert, some with HTML", async () => {
    const res = await api.request('GET', '/notifications');
    expect(res.status).toBe(200);
    const list = notificationListSchema.parse(res.json);
    expect(list.map((n) => n.slug).sort()).toEqual([
      'contact-form',
      'invoice',
      'log-alert',
      'order-confirmation',
      'password-reset',
      'shipping-update',
      'welcome',
    ]);
    expect(list.filter((n) => n.html_enabled).length).toBeGreaterThan(0);
    expect(list[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/notifications\//);
  });

  it('finds a template by slug or by id, and never one of another site', async () => {
    const { n } = await fetchNotification(api, 'welcome');
    const byId = await api.request('GET', `/notifications/${n.id}`);
    expect(notificationSchema.parse(byId.json).slug).toBe('welcome');
    const acme = await api.request('GET', '/notifications/welcome', { site: 'acme' });
    const acmeWelcome = notificationSchema.parse(acme.json);
    expect(acmeWelcome.id).not.toBe(n.id);
    const crossById = await api.request('GET', `/notifications/${acmeWelcome.id}`);
    expect(crossById.status).toBe(404);
    const crossPut = await api.request('PUT', `/notifications/${acmeWelcome.id}`, {
      body: { subject: 'Hijack' },
    });
    expect(crossPut.status).toBe(404);
  });

  it('updates only the given fields and moves updated_at only on change', async () => {
    const before = await fetchNotification(api, 'password-reset');
    const res = await api.request('PUT', '/notifications/password-reset', {
      body: { subject: 'Reset your password, {{ customer.first_name }}' },
    });
    expect(res.status).toBe(200);
    const after = notificationSchema.parse(res.json);
    expect(after.subject).toBe('Reset your password, {{ customer.first_name }}');
    expect(after.text).toBe(before.n.text);
    expect(after.updated_at > before.n.updated_at).toBe(true);
    expect(res.headers.get('etag')).not.toBe(before.etag);

    const same = await api.request('PUT', '/notifications/password-reset', {
      body: { subject: after.subject, text: after.text },
    });
    expect(notificationSchema.parse(same.json).updated_at).toBe(after.updated_at);
    expect(same.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('accepts a GET-modify-PUT round trip', async () => {
    const { n } = await fetchNotification(api, 'invoice');
    const res = await api.request('PUT', `/notifications/${n.slug}`, {
      body: { ...n, name: 'Invoice (paid)', slug: 'ignored', id: 'ignored' },
    });
    expect(res.status).toBe(200);
    expect(notificationSchema.parse(res.json)).toMatchObject({ name: 'Invoice (paid)', id: n.id });
  });

  it('is a 404 for an unknown slug', async () => {
    const res = await api.request('PUT', '/notifications/no-such-thing', {
      body: { subject: 'x' },
    });
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });

  it('rejects an empty subject, naming the field', async () => {
    for (const subject of ['', '   ']) {
      const res = await api.request('PUT', '/notifications/welcome', { body: { subject } });
      expect(res.status).toBe(422);
      expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({
        resource: 'notification',
        field: 'subject',
        code: 'required',
      });
    }
  });

  it('reports a Liquid syntax error on its field with line and column, and stores nothing', async () => {
    const before = await fetchNotification(api, 'welcome');
    const res = await api.request('PUT', '/notifications/welcome', {
      body: { name: 'Changed', text: 'Hello\n{% if customer %}\nno end' },
    });
    expect(res.status).toBe(422);
    const [detail] = errorBodySchema.parse(res.json).errors;
    expect(detail).toMatchObject({
      field: 'text',
      code: 'liquid_syntax',
      resource: 'notification',
    });
    expect(detail?.message).toMatch(/line 2, column \d+/);
    expect((await fetchNotification(api, 'welcome')).n).toEqual(before.n);

    const html = await api.request('PUT', '/notifications/welcome', {
      body: { html: '<p>{{ customer.first_name </p>' },
    });
    expect(errorBodySchema.parse(html.json).errors[0]).toMatchObject({
      field: 'html',
      code: 'liquid_syntax',
    });
  });

  it('refuses a template past the nesting limit with a liquid_syntax error naming it', async () => {
    const before = await fetchNotification(api, 'welcome');
    const nested = '{% if a %}'.repeat(5000) + 'x' + '{% endif %}'.repeat(5000);
    const res = await api.request('PUT', '/notifications/welcome', { body: { html: nested } });
    expect(res.status).toBe(422);
    const [detail] = errorBodySchema.parse(res.json).errors;
    expect(detail).toMatchObject({ field: 'html', code: 'liquid_syntax' });
    expect(detail?.message).toContain(`at most ${LIQUID_LIMITS.depth} levels deep`);
    expect((await fetchNotification(api, 'welcome')).n).toEqual(before.n);
  });

  it('refuses html_enabled with an empty html', async () => {
    const res = await api.request('PUT', '/notifications/contact-form', {
      body: { html_enabled: true },
    });
    expect(res.status).toBe(422);
    expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({ field: 'html' });
    const ok = await api.request('PUT', '/notifications/contact-form', {
      body: { html_enabled: true, html: '<p>{{ form.message }}</p>' },
    });
    expect(ok.status).toBe(200);
    expect(notificationSchema.parse(ok.json).html_enabled).toBe(true);
  });

  it('names unknown fields and honours If-Match', async () => {
    const unknown = await api.request('PUT', '/notifications/welcome', {
      body: { subjekt: 'typo' },
    });
    expect(unknown.status).toBe(422);
    expect(errorBodySchema.parse(unknown.json).errors[0]).toMatchObject({
      field: 'subjekt',
      code: 'unknown_field',
    });
    const { etag } = await fetchNotification(api, 'shipping-update');
    const first = await api.request('PUT', '/notifications/shipping-update', {
      body: { description: 'first' },
      headers: { 'if-match': etag },
    });
    expect(first.status).toBe(200);
    const second = await api.request('PUT', '/notifications/shipping-update', {
      body: { description: 'second' },
      headers: { 'if-match': etag },
    });
    expect(second.status).toBe(412);
    expect((await fetchNotification(api, 'shipping-update')).n.description).toBe('first');
  });
});
