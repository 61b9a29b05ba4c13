/**
 * Issue 29: revisions over HTTP (both engines, via TEST_ENGINE). Every successful write records
 * exactly one revision with its actor and changed fields; a refused or no-op write records none;
 * a revision that cannot be written fails its write.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_CHANGE_VALUE_BYTES,
  revisionListSchema,
  type Revision,
} from '../../../contract/schemas/audit';
import { errorBodySchema } from '../../../contract/schemas/error';
import { notificationSchema } from '../../../contract/schemas/notification';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let editorToken: string;

beforeAll(async () => {
  api = await startTestApi();
  const editorId = await findOrCreateUser(api.db, 'editor@example.com');
  await ensureMembership(api.db, editorId, 'demo');
  editorToken = await issueToken(api.db, editorId);
});
afterAll(async () => {
  await api.close();
});

async function audit(query = '', site = 'demo'): Promise<Revision[]> {
  const res = await api.request('GET', `/audit${query}`, { site });
  expect(res.status, res.text).toBe(200);
  return revisionListSchema.parse(res.json);
}

async function latestId(): Promise<number> {
  return (await audit('?limit=1'))[0]?.id ?? 0;
}

/** The revisions recorded since `since` (an id), oldest first. */
async function since(since: number): Promise<Revision[]> {
  return (await audit('?limit=200')).filter((r) => r.id > since).reverse();
}

async function etagOf(path: string): Promise<string> {
  const res = await api.request('GET', path);
  expect(res.status).toBe(200);
  return res.headers.get('etag') ?? '';
}

describe('revisions', () => {
  it('records one revision per app, consent, notification and site settings write', async () => {
    const start = await latestId();
    const app = await api.request('PATCH', '/apps/storefront', {
      token: editorToken,
      body: { name: 'Storefront 2' },
    });
    expect(app.status, app.text).toBe(200);
    const config = (await api.request('GET', '/settings/consent')).json as {
      privacy_policy_url: Record<string, string>;
    };
    const consent = await api.request('PATCH', '/settings/consent', {
      body: { privacy_policy_url: { ...config.privacy_policy_url, en: '/privacy-2' } },
    });
    expect(consent.status, consent.text).toBe(200);
    const welcome = notificationSchema.parse(
      (await api.request('GET', '/notifications/welcome')).json,
    );
    const put = await api.request('PUT', '/notifications/welcome', {
      token: editorToken,
      body: { subject: 'Welcome aboard', translations: { nl: { html: '<p>Hallo daar</p>' } } },
    });
    expect(put.status, put.text).toBe(200);

    const recorded = await since(start);
    expect(recorded.map((r) => [r.resource, r.resource_id, r.actor.email])).toEqual([
      ['app', 'storefront', 'editor@example.com'],
      ['consent', 'demo', 'admin@example.com'],
      ['notification', 'welcome', 'editor@example.com'],
    ]);
    expect(recorded[0]?.changes).toEqual([
      { field: 'name', before: 'Storefront', after: 'Storefront 2' },
    ]);
    expect(recorded[1]?.changes.map((c) => c.field)).toEqual(['privacy_policy_url.en']);
    expect(recorded[1]?.changes[0]?.after).toBe('/privacy-2');
    expect(recorded[2]?.changes).toEqual([
      { field: 'subject', before: welcome.subject, after: 'Welcome aboard' },
      {
        field: 'translations.nl.html',
        before: welcome.translations.nl?.html ?? null,
        after: '<p>Hallo daar</p>',
      },
    ]);
  });

  it('records the notifications a removed language changes, and the settings', async () => {
    const start = await latestId();
    const welcome = notificationSchema.parse(
      (await api.request('GET', '/notifications/welcome')).json,
    );
    expect(welcome.translations.nl).toBeDefined();
    const res = await api.request('PATCH', '/settings/site', { body: { locales: ['en', 'fr'] } });
    expect(res.status, res.text).toBe(200);
    const recorded = await since(start);
    const settings = recorded.filter((r) => r.resource === 'site_settings');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.changes).toEqual([
      { field: 'locales', before: ['en', 'nl', 'fr'], after: ['en', 'fr'] },
    ]);
    const changedWelcome = recorded.filter((r) => r.resource_id === 'welcome');
    expect(changedWelcome).toHaveLength(1);
    expect(changedWelcome[0]?.changes).toContainEqual({
      field: 'translations.nl.subject',
      before: welcome.translations.nl?.subject,
      after: null,
    });
    // The snapshot is the notification after the change: without Dutch.
    const id = changedWelcome[0]?.id ?? 0;
    const version = await api.request('GET', `/notifications/welcome/revisions/${id}`);
    expect(version.status).toBe(200);
    expect(notificationSchema.parse(version.json).translations.nl).toBeUndefined();
  });

  it('records nothing for a write that changes nothing, and answers 200', async () => {
    const start = await latestId();
    const current = notificationSchema.parse(
      (await api.request('GET', '/notifications/welcome')).json,
    );
    const same = await api.request('PUT', '/notifications/welcome', {
      body: { subject: current.subject },
    });
    expect(same.status).toBe(200);
    const app = await api.request('PATCH', '/apps/storefront', { body: {} });
    expect(app.status).toBe(200);
    expect(await since(start)).toEqual([]);
  });

  it('records nothing for a refused write (422, 412, 404)', async () => {
    const start = await latestId();
    const invalid = await api.request('PUT', '/notifications/welcome', {
      body: { subject: '{% if %}' },
    });
    expect(invalid.status).toBe(422);
    const stale = await api.request('PUT', '/notifications/welcome', {
      headers: { 'if-match': '"stale"' },
      body: { subject: 'Nope' },
    });
    expect(stale.status).toBe(412);
    const missing = await api.request('PATCH', '/apps/nope', { body: { name: 'x' } });
    expect(missing.status).toBe(404);
    const badSettings = await api.request('PATCH', '/settings/site', {
      body: { default_locale: 'de' },
    });
    expect(badSettings.status).toBe(422);
    expect(await since(start)).toEqual([]);
  });

  it('cuts a large value to the bound, with its size', async () => {
    const html = `<p>${'x'.repeat(MAX_CHANGE_VALUE_BYTES + 100)}</p>`;
    const res = await api.request('PUT', '/notifications/order-confirmation', {
      body: { html },
    });
    expect(res.status, res.text).toBe(200);
    const [latest] = await audit('?limit=1');
    const change = latest?.changes.find((c) => c.field === 'html');
    expect(change?.after_size).toBe(JSON.stringify(html).length);
    expect(typeof change?.after).toBe('string');
    expect(new TextEncoder().encode(String(change?.after)).length).toBe(MAX_CHANGE_VALUE_BYTES);
    expect(html.startsWith(String(change?.after))).toBe(true);
    // The snapshot keeps the whole notification.
    const version = await api.request(
      'GET',
      `/notifications/order-confirmation/revisions/${latest?.id}`,
    );
    expect(notificationSchema.parse(version.json).html).toBe(html);
  });

  it('filters by resource, resource id and actor, and pages with before and limit', async () => {
    const all = await audit('?limit=200');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    const byEditor = await audit('?actor=editor%40example.com');
    expect(byEditor.length).toBe(2);
    expect(byEditor.every((r) => r.actor.email === 'editor@example.com')).toBe(true);
    const notifications = await audit('?resource=notification&resource_id=welcome');
    expect(notifications.every((r) => r.resource_id === 'welcome')).toBe(true);
    expect(notifications.length).toBe(all.filter((r) => r.resource_id === 'welcome').length);

    const first = await audit('?limit=2');
    const second = await audit(`?limit=2&before=${first[1]?.id}`);
    expect([...first, ...second].map((r) => r.id)).toEqual(all.slice(0, 4).map((r) => r.id));
    // Another site's feed is its own.
    expect(await audit('', 'acme')).toEqual([]);
    const bad = await api.request('GET', '/audit?limit=0');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.json).errors[0]?.field).toBe('limit');
  });

  it('lists a template’s revisions and answers each version; 404 for an unknown or another’s', async () => {
    const list = await api.request('GET', '/notifications/welcome/revisions');
    expect(list.status).toBe(200);
    const revisions = revisionListSchema.parse(list.json);
    expect(revisions.length).toBeGreaterThan(0);
    expect(
      revisions.every((r) => r.resource === 'notification' && r.resource_id === 'welcome'),
    ).toBe(true);
    const current = notificationSchema.parse(
      (await api.request('GET', '/notifications/welcome')).json,
    );
    const newest = await api.request('GET', `/notifications/welcome/revisions/${revisions[0]?.id}`);
    expect(notificationSchema.parse(newest.json)).toEqual(current);

    const other = (await audit('?resource=notification&resource_id=order-confirmation'))[0];
    for (const path of [
      `/notifications/welcome/revisions/${other?.id}`,
      '/notifications/welcome/revisions/999999',
      `/notifications/welcome/revisions/${(await audit('?resource=app'))[0]?.id}`,
      '/notifications/nope/revisions',
    ]) {
      const res = await api.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(errorBodySchema.safeParse(res.json).success).toBe(true);
    }
  });

  it('fails the write when its revision cannot be recorded, changing nothing', async () => {
    const before = await api.request('GET', '/notifications/welcome');
    const start = await latestId();
    await sql`alter table revisions rename to revisions_away`.execute(api.db);
    try {
      const res = await api.request('PUT', '/notifications/welcome', {
        body: { subject: 'Never saved' },
      });
      expect(res.status).toBe(500);
      expect(errorBodySchema.safeParse(res.json).success).toBe(true);
    } finally {
      await sql`alter table revisions_away rename to revisions`.execute(api.db);
    }
    const after = await api.request('GET', '/notifications/welcome');
    expect(after.json).toEqual(before.json);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(await since(start)).toEqual([]);
    expect(await etagOf('/notifications/welcome')).toBe(before.headers.get('etag'));
  });
});
