import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveCallbackUrl } from '../../../contract/app-callback';
import { appListSchema, appSchema, type App } from '../../../contract/schemas/app';
import { errorBodySchema, type ErrorBody } from '../../../contract/schemas/error';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

function asApp(json: unknown): App {
  return appSchema.parse(json);
}

function asError(json: unknown): ErrorBody {
  return errorBodySchema.parse(json);
}

async function getApp(key: string): Promise<{ app: App; etag: string }> {
  const res = await api.request('GET', `/apps/${key}`);
  expect(res.status).toBe(200);
  return { app: asApp(res.json), etag: res.headers.get('etag') ?? '' };
}

describe('GET /apps', () => {
  it('lists the apps of the site only, in the contract shape', async () => {
    const res = await api.request('GET', '/apps');
    expect(res.status).toBe(200);
    const apps = appListSchema.parse(res.json);
    expect(apps.map((app) => app.key).sort()).toEqual(['analytics', 'legacy-import', 'storefront']);
    const legacy = apps.find((app) => app.key === 'legacy-import');
    expect(legacy?.compile_errors).toHaveLength(2);
    const storefront = apps.find((app) => app.key === 'storefront');
    expect(storefront?.internal).toBe(true);
    expect(storefront?.schedules.map((s) => s.timing)).toContain('*/15 * * * *');
  });

  it('returns an app with a strong ETag', async () => {
    const { app, etag } = await getApp('storefront');
    expect(app.key).toBe('storefront');
    expect(etag).toMatch(/^"[^"]+"$/);
  });

  it('answers 404 for an unknown app and for an app of another site', async () => {
    const unknown = await api.request('GET', '/apps/nope');
    expect(unknown.status).toBe(404);
    expect(asError(unknown.json)).toMatchObject({ code: 404, errors: [] });
    const other = await api.request('GET', '/apps/acme-shop');
    expect(other.status).toBe(404);
    // Exactly the same answer as for an app that does not exist.
    expect(other.json).toEqual(unknown.json);
    const patchOther = await api.request('PATCH', '/apps/acme-shop', { body: { name: 'x' } });
    expect(patchOther.status).toBe(404);
    const acme = await api.request('GET', '/apps/acme-shop', { site: 'acme' });
    expect(acme.status).toBe(200);
    expect(asApp(acme.json).name).toBe('Acme Shop');
  });
});

describe('PATCH /apps/:app_id', () => {
  it('updates writable fields, moves updated_at and the ETag', async () => {
    const before = await getApp('analytics');
    const res = await api.request('PATCH', '/apps/analytics', {
      body: { name: 'Analytics 2', url: 'https://analytics.example.net/v2', sdk_version: '2.0.0' },
    });
    expect(res.status).toBe(200);
    const app = asApp(res.json);
    expect(app).toMatchObject({ name: 'Analytics 2', url: 'https://analytics.example.net/v2' });
    expect(app.updated_at > before.app.updated_at).toBe(true);
    expect(res.headers.get('etag')).not.toBe(before.etag);
    expect((await getApp('analytics')).app).toEqual(app);
  });

  it('is a no-op (200, same updated_at and ETag) when nothing changes', async () => {
    const before = await getApp('analytics');
    const res = await api.request('PATCH', '/apps/analytics', {
      body: { name: before.app.name, install_scopes: [...before.app.install_scopes].reverse() },
    });
    expect(res.status).toBe(200);
    expect(asApp(res.json).updated_at).toBe(before.app.updated_at);
    expect(res.headers.get('etag')).toBe(before.etag);
  });

  it('accepts a GET-modify-PATCH round trip (read-only fields are ignored)', async () => {
    const { app } = await getApp('legacy-import');
    const res = await api.request('PATCH', '/apps/legacy-import', {
      body: { ...app, name: 'Legacy Import (old)', key: 'renamed', compile_errors: [] },
    });
    expect(res.status).toBe(200);
    const updated = asApp(res.json);
    expect(updated.name).toBe('Legacy Import (old)');
    expect(updated.key).toBe('legacy-import');
    expect(updated.compile_errors).toEqual(app.compile_errors);
  });

  it('names an unknown field in a 422', async () => {
    const res = await api.request('PATCH', '/apps/analytics', { body: { colour: 'red' } });
    expect(res.status).toBe(422);
    const body = asError(res.json);
    expect(body.code).toBe(422);
    expect(body.errors).toEqual([
      expect.objectContaining({
        resource: 'app',
        field: 'colour',
        code: 'unknown_field',
        value: 'red',
      }),
    ]);
  });

  it('names an unknown scope by its value and index', async () => {
    const res = await api.request('PATCH', '/apps/analytics', {
      body: { install_scopes: ['read_orders', 'read_customers', 'launch_rockets'] },
    });
    expect(res.status).toBe(422);
    const detail = asError(res.json).errors[0];
    expect(detail).toMatchObject({ field: 'install_scopes.2', value: 'launch_rockets' });
    expect(detail?.message).toContain('launch_rockets');
  });

  it('rejects URLs that are not absolute http(s), and bad domains and versions', async () => {
    const res = await api.request('PATCH', '/apps/analytics', {
      body: {
        url: 'ftp://example.com',
        callback_url: '/relative',
        domain: 'not a host',
        sdk_version: 'latest',
        name: '',
      },
    });
    expect(res.status).toBe(422);
    const fields = asError(res.json)
      .errors.map((detail) => detail.field)
      .sort();
    expect(fields).toEqual(['callback_url', 'domain', 'name', 'sdk_version', 'url']);
    const name = asError(res.json).errors.find((detail) => detail.field === 'name');
    expect(name?.code).toBe('required');
  });

  it('changes nothing when any field fails (atomic)', async () => {
    const before = await getApp('analytics');
    const res = await api.request('PATCH', '/apps/analytics', {
      body: { name: 'Should not stick', install_scopes: ['nope'] },
    });
    expect(res.status).toBe(422);
    const after = await getApp('analytics');
    expect(after.app).toEqual(before.app);
    expect(after.etag).toBe(before.etag);
  });

  it('refuses a callback_url on an internal app, but accepts the echo of the current one', async () => {
    const { app } = await getApp('storefront');
    const res = await api.request('PATCH', '/apps/storefront', {
      body: { callback_url: 'https://evil.example.com/cb' },
    });
    expect(res.status).toBe(422);
    expect(asError(res.json).errors[0]).toMatchObject({
      resource: 'app',
      field: 'callback_url',
      code: 'not_allowed',
    });
    const echo = await api.request('PATCH', '/apps/storefront', {
      body: { callback_url: app.callback_url },
    });
    expect(echo.status).toBe(200);
    expect(asApp(echo.json).updated_at).toBe(app.updated_at);
  });

  it('re-derives the callback of an internal app when the set of scopes changes', async () => {
    const { app } = await getApp('storefront');
    const scopes = ['write_orders', 'read_orders', 'read_orders'];
    const res = await api.request('PATCH', '/apps/storefront', {
      body: { install_scopes: scopes },
    });
    expect(res.status).toBe(200);
    const updated = asApp(res.json);
    expect(updated.callback_url).toBe(deriveCallbackUrl(app, ['read_orders', 'write_orders']));
    expect(updated.callback_url).toBe(
      'https://shop.demo.example.com/oauth/storefront/callback?scopes=read_orders,write_orders',
    );
    expect(updated.install_scopes).toEqual(['read_orders', 'write_orders']);

    // The same set in another order changes nothing.
    const again = await api.request('PATCH', '/apps/storefront', {
      body: { install_scopes: ['write_orders', 'read_orders'] },
    });
    expect(asApp(again.json).updated_at).toBe(updated.updated_at);
    expect(asApp(again.json).callback_url).toBe(updated.callback_url);

    // A round trip after a scope change may carry the old callback_url: still accepted.
    const roundTrip = await api.request('PATCH', '/apps/storefront', {
      body: { ...updated, install_scopes: ['read_orders'], callback_url: updated.callback_url },
    });
    expect(roundTrip.status).toBe(200);
    expect(asApp(roundTrip.json).callback_url).toBe(deriveCallbackUrl(app, ['read_orders']));
  });

  it('derives the callback at once when an app turns internal', async () => {
    const { app } = await getApp('legacy-import');
    const res = await api.request('PATCH', '/apps/legacy-import', { body: { internal: true } });
    expect(res.status).toBe(200);
    expect(asApp(res.json).callback_url).toBe(deriveCallbackUrl(app, app.install_scopes));
    const back = await api.request('PATCH', '/apps/legacy-import', {
      body: { internal: false, callback_url: 'https://import.demo.example.com/cb' },
    });
    expect(asApp(back.json).callback_url).toBe('https://import.demo.example.com/cb');
  });

  it('honours If-Match: a stale ETag is a 412 and changes nothing; * and the current match', async () => {
    const { app, etag } = await getApp('analytics');
    const ok = await api.request('PATCH', '/apps/analytics', {
      body: { name: 'With If-Match' },
      headers: { 'if-match': etag },
    });
    expect(ok.status).toBe(200);
    const stale = await api.request('PATCH', '/apps/analytics', {
      body: { name: 'Stale write' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(asError(stale.json).code).toBe(412);
    expect((await getApp('analytics')).app.name).toBe('With If-Match');
    const weak = await api.request('PATCH', '/apps/analytics', {
      body: { name: 'Weak' },
      headers: { 'if-match': `W/${ok.headers.get('etag') ?? ''}` },
    });
    expect(weak.status).toBe(412);
    const star = await api.request('PATCH', '/apps/analytics', {
      body: { name: app.name },
      headers: { 'if-match': '*' },
    });
    expect(star.status).toBe(200);
  });

  it('lets exactly one of several concurrent writes with the same If-Match win', async () => {
    const { etag } = await getApp('analytics');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api.request('PATCH', '/apps/analytics', {
          body: { name: `Concurrent ${index}` },
          headers: { 'if-match': etag },
        }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = results.find((res) => res.status === 200);
    expect((await getApp('analytics')).app.name).toBe(asApp(winner?.json).name);
  });

  it('answers 422 for a body that is not an object', async () => {
    const res = await api.request('PATCH', '/apps/analytics', { body: ['name'] });
    expect(res.status).toBe(422);
  });
});
