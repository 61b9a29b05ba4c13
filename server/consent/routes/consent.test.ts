import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentApplicationListSchema,
  consentConfigSchema,
  type ConsentConfig,
} from '../../../contract/schemas/consent';
import { errorBodySchema } from '../../../contract/schemas/error';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function getConsent(site = 'demo'): Promise<{ config: ConsentConfig; etag: string }> {
  const res = await api.request('GET', '/settings/consent', { site });
  expect(res.status).toBe(200);
  return { config: consentConfigSchema.parse(res.json), etag: res.headers.get('etag') ?? '' };
}

describe('consent', () => {
  it('returns the demo configuration: 3 purposes, 5 applications in en and nl, cookies', async () => {
    const { config, etag } = await getConsent();
    expect(etag).toMatch(/^"/);
    expect(config.purposes).toHaveLength(3);
    expect(config.applications).toHaveLength(5);
    for (const application of config.applications) {
      expect(Object.keys(application.title).sort()).toEqual(['en', 'nl']);
    }
    expect(config.applications.some((a) => a.required && a.opt_out)).toBe(true);
    expect(config.applications.some((a) => !a.required && (a.default || a.opt_out))).toBe(true);
    const names = config.cookies.map((cookie) => cookie.name);
    expect(names).toContain('^_ga.*');
    expect(names).toContain('_hj*');
    expect(config.cookies.some((cookie) => !cookie.path.startsWith('/'))).toBe(true);
  });

  it('lists the applications with their cookies', async () => {
    const res = await api.request('GET', '/settings/consent/applications');
    expect(res.status).toBe(200);
    const applications = consentApplicationListSchema.parse(res.json);
    const ga = applications.find((a) => a.name === 'google-analytics');
    expect(ga?.cookies.map((cookie) => cookie.name)).toEqual(['^_ga.*', '_gid']);
    const acme = await api.request('GET', '/settings/consent/applications', { site: 'acme' });
    expect(acme.json).toEqual([]);
  });

  it('patches the privacy policy and leaves purposes, applications and cookies untouched', async () => {
    const before = await getConsent();
    const res = await api.request('PATCH', '/settings/consent', {
      body: {
        ...before.config,
        privacy_policy_url: { en: '/privacy', de: 'https://demo.example.com/de/datenschutz' },
        purposes: [],
        applications: [],
        cookies: [],
      },
    });
    expect(res.status).toBe(200);
    const after = consentConfigSchema.parse(res.json);
    expect(after.privacy_policy_url).toEqual({
      en: '/privacy',
      de: 'https://demo.example.com/de/datenschutz',
    });
    expect(after.purposes).toEqual(before.config.purposes);
    expect(after.applications).toEqual(before.config.applications);
    expect(after.cookies).toEqual(before.config.cookies);
    expect(res.headers.get('etag')).not.toBe(before.etag);
    // The same URLs in another order are no change.
    const reordered = await api.request('PATCH', '/settings/consent', {
      body: {
        privacy_policy_url: { de: 'https://demo.example.com/de/datenschutz', en: '/privacy' },
      },
    });
    expect(reordered.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('requires a URL for kind url and a page id for kind page', async () => {
    const noUrl = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'url', privacy_policy_url: {} },
    });
    expect(noUrl.status).toBe(422);
    expect(errorBodySchema.parse(noUrl.json).errors[0]).toMatchObject({
      resource: 'consent',
      field: 'privacy_policy_url',
    });
    const noPage = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'page' },
    });
    expect(noPage.status).toBe(422);
    expect(errorBodySchema.parse(noPage.json).errors[0]?.field).toBe('privacy_policy_page_id');
    const page = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'page', privacy_policy_page_id: 'page-42' },
    });
    expect(page.status).toBe(200);
    expect(consentConfigSchema.parse(page.json).privacy_policy_kind).toBe('page');
  });

  it('rejects bad privacy URLs per locale, an unknown kind and unknown fields', async () => {
    const before = await getConsent();
    const res = await api.request('PATCH', '/settings/consent', {
      body: {
        privacy_policy_kind: 'url',
        privacy_policy_url: {
          en: 'http://insecure.example.com',
          nl: '//evil.example.com',
          // browsers read /\host as //host: https://evil.example/
          de: '/\\evil.example',
        },
      },
    });
    expect(res.status).toBe(422);
    const fields = errorBodySchema
      .parse(res.json)
      .errors.map((detail) => detail.field)
      .sort();
    expect(fields).toEqual([
      'privacy_policy_url.de',
      'privacy_policy_url.en',
      'privacy_policy_url.nl',
    ]);
    const kind = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'email' },
    });
    expect(errorBodySchema.parse(kind.json).errors[0]).toMatchObject({
      field: 'privacy_policy_kind',
      value: 'email',
    });
    const unknown = await api.request('PATCH', '/settings/consent', { body: { banner: true } });
    expect(errorBodySchema.parse(unknown.json).errors[0]).toMatchObject({
      field: 'banner',
      code: 'unknown_field',
    });
    expect((await getConsent()).config).toEqual(before.config);
  });

  it('keeps updated_at and the ETag when nothing changes, and honours If-Match', async () => {
    const before = await getConsent();
    const same = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: before.config.privacy_policy_kind },
    });
    expect(same.headers.get('etag')).toBe(before.etag);
    const changed = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'none' },
      headers: { 'if-match': before.etag },
    });
    expect(changed.status).toBe(200);
    const stale = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_kind: 'page' },
      headers: { 'if-match': before.etag },
    });
    expect(stale.status).toBe(412);
    expect((await getConsent()).config.privacy_policy_kind).toBe('none');
  });

  it('gives a site without a configuration the empty one, and creates it on PATCH', async () => {
    const { config } = await getConsent('acme');
    expect(config).toMatchObject({ privacy_policy_kind: 'none', applications: [] });
    // A failing PATCH rolls back the row it created on the way.
    const failed = await api.request('PATCH', '/settings/consent', {
      site: 'acme',
      body: { privacy_policy_kind: 'url' },
    });
    expect(failed.status).toBe(422);
    const rows = await api.db
      .selectFrom('consent_configs')
      .select('site_id')
      .where('site_id', '=', 'acme')
      .execute();
    expect(rows).toEqual([]);
    const res = await api.request('PATCH', '/settings/consent', {
      site: 'acme',
      body: {
        privacy_policy_kind: 'url',
        privacy_policy_url: { en: 'https://acme.example.org/p' },
      },
    });
    expect(res.status).toBe(200);
    expect((await getConsent('acme')).config.privacy_policy_url).toEqual({
      en: 'https://acme.example.org/p',
    });
  });

  describe('Google Consent Mode v2 mapping (decision 054)', () => {
    it('is off (null) until mapped, and an old client that never sends it keeps it', async () => {
      expect((await getConsent('demo')).config.consent_mode).toBeNull();
      const mapped = await api.request('PATCH', '/settings/consent', {
        body: {
          consent_mode: {
            // Sent out of order and with a repeat: stored in gtag's order, each purpose once.
            ad_personalization: ['marketing'],
            analytics_storage: ['analytics', 'analytics'],
            ad_storage: ['marketing'],
          },
        },
      });
      expect(mapped.status).toBe(200);
      const expected = {
        ad_storage: ['marketing'],
        analytics_storage: ['analytics'],
        ad_personalization: ['marketing'],
      };
      expect(consentConfigSchema.parse(mapped.json).consent_mode).toEqual(expected);
      expect(Object.keys((await getConsent()).config.consent_mode ?? {})).toEqual([
        'ad_storage',
        'analytics_storage',
        'ad_personalization',
      ]);
      // An old client: only the privacy policy fields.
      const old = await api.request('PATCH', '/settings/consent', {
        body: { privacy_policy_kind: 'url' },
      });
      expect(old.status).toBe(200);
      expect(consentConfigSchema.parse(old.json).consent_mode).toEqual(expected);
      // An old client sending back the whole configuration it read is no change either.
      const { config, etag } = await getConsent();
      const roundTrip = await api.request('PATCH', '/settings/consent', { body: config });
      expect(roundTrip.status).toBe(200);
      expect(roundTrip.headers.get('etag')).toBe(etag);
      // null turns it off again.
      const off = await api.request('PATCH', '/settings/consent', { body: { consent_mode: null } });
      expect(consentConfigSchema.parse(off.json).consent_mode).toBeNull();
    });

    it('refuses an unknown purpose (422 on the entry) and an unknown signal, changing nothing', async () => {
      const before = await getConsent();
      const purpose = await api.request('PATCH', '/settings/consent', {
        body: {
          privacy_policy_kind: 'none',
          consent_mode: { ad_storage: ['marketing'], analytics_storage: ['marketing', 'stats'] },
        },
      });
      expect(purpose.status).toBe(422);
      expect(errorBodySchema.parse(purpose.json).errors).toEqual([
        expect.objectContaining({
          resource: 'consent',
          field: 'consent_mode.analytics_storage.1',
          code: 'unknown_purpose',
          value: 'stats',
        }),
      ]);
      const signal = await api.request('PATCH', '/settings/consent', {
        body: { consent_mode: { functionality_storage: ['functional'] } },
      });
      expect(signal.status).toBe(422);
      expect(errorBodySchema.parse(signal.json).errors[0]).toMatchObject({
        resource: 'consent',
        field: 'consent_mode.functionality_storage',
      });
      const shape = await api.request('PATCH', '/settings/consent', {
        body: { consent_mode: { ad_storage: 'marketing' } },
      });
      expect(shape.status).toBe(422);
      expect(errorBodySchema.parse(shape.json).errors[0]?.field).toBe('consent_mode.ad_storage');
      expect(await getConsent()).toEqual(before);
    });

    it('is refused on a site without purposes, which has nothing to map', async () => {
      const res = await api.request('PATCH', '/settings/consent', {
        site: 'acme',
        body: { consent_mode: { ad_storage: ['marketing'] } },
      });
      expect(res.status).toBe(422);
      expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({
        field: 'consent_mode.ad_storage.0',
        code: 'unknown_purpose',
      });
    });
  });
});
