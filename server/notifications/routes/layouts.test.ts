/**
 * Issue 38: layouts and snippets over HTTP on a real database (both engines via TEST_ENGINE):
 * every rule, each refused write changing nothing (the row, its ETag and the audit feed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { impactSchema, layoutSchema, snippetSchema } from '../../../contract/schemas/layout';
import { notificationSchema } from '../../../contract/schemas/notification';
import { revisionListSchema } from '../../../contract/schemas/audit';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const LAYOUT = {
  name: 'Brand',
  html: '<header>{{ shop.name }}</header>\n{{ content }}\n<footer>{% render "address" %}</footer>',
  text: '{{ content }}\n-- {{ shop.name }}',
};

async function state(path: string) {
  const res = await api.request('GET', path);
  const audit = await api.request('GET', '/audit?limit=200');
  return { status: res.status, body: res.json, etag: res.headers.get('etag'), audit: audit.json };
}

/** A refused write: the status, the field of its first error, and nothing changed. */
async function refused(
  method: string,
  path: string,
  body: unknown,
  status: number,
  field?: string,
) {
  const before = await state(path);
  const res = await api.request(method, path, { body });
  expect(res.status, res.text).toBe(status);
  const error = errorBodySchema.parse(res.json);
  if (field !== undefined) expect(error.errors.map((e) => e.field)).toContain(field);
  expect(await state(path)).toEqual(before);
  return error;
}

describe('layouts', () => {
  it('creates a layout with PUT, answers it with an ETag, and records a revision', async () => {
    const res = await api.request('PUT', '/layouts/brand', { body: LAYOUT });
    expect(res.status, res.text).toBe(200);
    const layout = layoutSchema.parse(res.json);
    expect(layout).toMatchObject({ slug: 'brand', ...LAYOUT, used_by: [], translations: {} });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"/);
    const get = await api.request('GET', '/layouts/brand');
    expect(get.headers.get('etag')).toBe(etag);
    const list = await api.request('GET', '/layouts');
    expect((list.json as { slug: string }[]).map((l) => l.slug)).toContain('brand');
    const audit = revisionListSchema.parse(
      (await api.request('GET', '/audit?resource=layout&resource_id=brand')).json,
    );
    expect(audit[0]?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['html', 'name']));
  });

  it('refuses html without or with two {{ content }}, with the line; text with two', async () => {
    await api.request('PUT', '/layouts/brand', { body: LAYOUT });
    const none = await refused(
      'PUT',
      '/layouts/brand',
      { html: '<p>\nno content</p>' },
      422,
      'html',
    );
    expect(none.errors[0]?.code).toBe('content_missing');
    const two = await refused(
      'PUT',
      '/layouts/brand',
      { html: '{{ content }}\n\n{{content}}' },
      422,
      'html',
    );
    expect(two.errors[0]).toMatchObject({ code: 'content_twice', value: { line: 3 } });
    await refused('PUT', '/layouts/brand', { text: '{{ content }}{{ content }}' }, 422, 'text');
    await refused('PUT', '/layouts/brand', { html: '{{ content }}{% if %}' }, 422, 'html');
    // A layout that does not exist yet stays absent.
    await refused('PUT', '/layouts/fresh', { name: 'Fresh', html: 'no content' }, 422, 'html');
    await refused('PUT', '/layouts/fresh', { html: '{{ content }}' }, 422, 'name');
    expect((await api.request('GET', '/layouts/fresh')).status).toBe(404);
  });

  it("takes translations in the site's other languages only", async () => {
    await api.request('PUT', '/layouts/brand', { body: LAYOUT });
    await refused(
      'PUT',
      '/layouts/brand',
      { translations: { de: { html: '{{ content }}' } } },
      422,
      'translations.de',
    );
    await refused(
      'PUT',
      '/layouts/brand',
      { translations: { en: { html: '{{ content }}' } } },
      422,
      'translations.en',
    );
    await refused(
      'PUT',
      '/layouts/brand',
      { translations: { nl: { html: 'geen' } } },
      422,
      'translations.nl.html',
    );
    const res = await api.request('PUT', '/layouts/brand', {
      body: { translations: { nl: { text: '{{ content }}\n-- groet' } } },
    });
    expect(res.status, res.text).toBe(200);
    const layout = layoutSchema.parse(res.json);
    // A new translation starts from the default's fields.
    expect(layout.translations.nl).toMatchObject({
      html: LAYOUT.html,
      text: '{{ content }}\n-- groet',
    });
    const removed = await api.request('PUT', '/layouts/brand', {
      body: { translations: { nl: null } },
    });
    expect(layoutSchema.parse(removed.json).translations).toEqual({});
  });

  it('honours If-Match', async () => {
    const current = await api.request('GET', '/layouts/brand');
    const etag = current.headers.get('etag') ?? '';
    const stale = '"stale"';
    const before = await state('/layouts/brand');
    const res = await api.request('PUT', '/layouts/brand', {
      body: { name: 'Other' },
      headers: { 'if-match': stale },
    });
    expect(res.status).toBe(412);
    expect(await state('/layouts/brand')).toEqual(before);
    const ok = await api.request('PUT', '/layouts/brand', {
      body: { name: 'Brand 2' },
      headers: { 'if-match': etag },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).not.toBe(etag);
  });

  it('puts a notification in a layout; an unknown layout is refused; a used layout cannot be deleted', async () => {
    await api.request('PUT', '/layouts/brand', { body: LAYOUT });
    await refused('PUT', '/notifications/welcome', { layout: 'nope' }, 422, 'layout');
    const res = await api.request('PUT', '/notifications/welcome', { body: { layout: 'brand' } });
    expect(res.status, res.text).toBe(200);
    expect(notificationSchema.parse(res.json).layout).toBe('brand');
    const layout = layoutSchema.parse((await api.request('GET', '/layouts/brand')).json);
    expect(layout.used_by).toEqual(['welcome']);
    const conflict = await refused('DELETE', '/layouts/brand', undefined, 409, 'used_by');
    expect(conflict.message).toContain('welcome');
    await api.request('PUT', '/notifications/welcome', { body: { layout: null } });
    await api.request('PUT', '/layouts/unused', {
      body: { name: 'Unused', html: '{{ content }}' },
    });
    const deleted = await api.request('DELETE', '/layouts/unused');
    expect(deleted.status).toBe(204);
    expect((await api.request('GET', '/layouts/unused')).status).toBe(404);
  });

  it('is read-only for a viewer, and another site never sees it', async () => {
    const viewer = await findOrCreateUser(api.db, 'viewer@example.com');
    await ensureMembership(api.db, viewer, 'demo', 'viewer');
    const token = await issueToken(api.db, viewer);
    expect((await api.request('GET', '/layouts/brand', { token })).status).toBe(200);
    const before = await state('/layouts/brand');
    for (const [method, path, body] of [
      ['PUT', '/layouts/brand', { name: 'Viewer' }],
      ['DELETE', '/layouts/brand', undefined],
      ['PUT', '/snippets/address', { body: 'x' }],
    ] as const) {
      const res = await api.request(method, path, { token, body });
      expect(res.status).toBe(403);
    }
    expect(await state('/layouts/brand')).toEqual(before);
    expect((await api.request('GET', '/layouts/brand', { site: 'acme' })).status).toBe(404);
  });
});

describe('snippets', () => {
  it('deletes a snippet under If-Match with its revision; unknown is 404, a stale tag 412, changing nothing', async () => {
    const created = await api.request('PUT', '/snippets/sign-off', { body: { body: 'Regards' } });
    const staleTag = created.headers.get('etag') ?? '';
    await api.request('PUT', '/snippets/sign-off', { body: { body: 'Kind regards' } });
    const before = await state('/snippets/sign-off');
    const stale = await api.request('DELETE', '/snippets/sign-off', {
      headers: { 'if-match': staleTag },
    });
    expect(stale.status, stale.text).toBe(412);
    expect(errorBodySchema.parse(stale.json).code).toBe(412);
    expect(await state('/snippets/sign-off')).toEqual(before);
    await refused('DELETE', '/snippets/nope', undefined, 404);
    const deleted = await api.request('DELETE', '/snippets/sign-off', {
      headers: { 'if-match': before.etag ?? '' },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await api.request('GET', '/snippets/sign-off')).status).toBe(404);
    const [revision] = revisionListSchema.parse(
      (await api.request('GET', '/audit?resource=snippet&resource_id=sign-off')).json,
    );
    // The delete's revision: every field of the snippet to nothing.
    expect(revision?.changes).toContainEqual(
      expect.objectContaining({ field: 'body', before: 'Kind regards', after: null }),
    );
  });

  it('creates, translates and refuses a circle with its path, changing nothing', async () => {
    const created = await api.request('PUT', '/snippets/address', { body: { body: 'Main St 1' } });
    expect(created.status, created.text).toBe(200);
    const nl = await api.request('PUT', '/snippets/address', {
      body: { translations: { nl: { body: 'Hoofdstraat 1' } } },
    });
    expect(snippetSchema.parse(nl.json).translations.nl?.body).toBe('Hoofdstraat 1');
    await api.request('PUT', '/snippets/a', { body: { body: 'a {% render "b" %}' } });
    await api.request('PUT', '/snippets/b', { body: { body: 'b' } });
    const cycle = await refused('PUT', '/snippets/b', { body: 'b {% render "a" %}' }, 422, 'body');
    expect(cycle.errors[0]).toMatchObject({ code: 'snippet_cycle' });
    expect(cycle.errors[0]?.message).toContain('b → a → b');
    await refused('PUT', '/snippets/b', { body: '{% if %}' }, 422, 'body');
    await refused(
      'PUT',
      '/snippets/b',
      { translations: { de: { body: 'x' } } },
      422,
      'translations.de',
    );
    await refused('PUT', '/snippets/Bad Name', { body: 'x' }, 400);
  });
});

describe('rendering with layouts and snippets', () => {
  it('shows every e-mail a layout draft changes, rendered before and after, and writes nothing', async () => {
    await api.request('PUT', '/snippets/address', { body: { body: 'Main St 1' } });
    await api.request('PUT', '/layouts/brand', { body: LAYOUT });
    await api.request('PUT', '/notifications/welcome', { body: { layout: 'brand' } });
    await api.request('PUT', '/notifications/invoice', { body: { layout: 'brand' } });
    const before = await state('/layouts/brand');
    const res = await api.request('POST', '/layouts/brand/impact', {
      body: {
        html: LAYOUT.html.replace('<footer>', '<footer>New '),
        samples: { welcome: { shop: { name: 'Acme' } } },
      },
    });
    expect(res.status, res.text).toBe(200);
    const impact = impactSchema.parse(res.json);
    expect(new Set(impact.entries.map((e) => e.notification))).toEqual(
      new Set(['welcome', 'invoice']),
    );
    const welcome = impact.entries.find((e) => e.notification === 'welcome' && e.locale === 'en');
    expect(welcome?.before.html).toContain('<footer>Main St 1</footer>');
    expect(welcome?.after.html).toContain('<footer>New Main St 1</footer>');
    expect(welcome?.after.html).toContain('<header>Acme</header>');
    expect(impact.changed).toBe(impact.entries.filter((e) => e.changed).length);
    expect(await state('/layouts/brand')).toEqual(before);
    // A draft the save would refuse is refused here too.
    const bad = await api.request('POST', '/layouts/brand/impact', { body: { html: 'none' } });
    expect(bad.status).toBe(422);
  });

  it("shows the e-mails a snippet draft changes, in the snippet's language", async () => {
    await api.request('PUT', '/snippets/address', {
      body: { body: 'Main St 1', translations: { nl: { body: 'Hoofdstraat 1' } } },
    });
    const res = await api.request('POST', '/snippets/address/impact', {
      body: { translations: { nl: { body: 'Kerkstraat 2' } } },
    });
    expect(res.status, res.text).toBe(200);
    const impact = impactSchema.parse(res.json);
    const changed = impact.entries.filter((e) => e.changed);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((e) => e.locale === 'nl')).toBe(true);
    expect(changed[0]?.after.html).toContain('Kerkstraat 2');
  });
});
