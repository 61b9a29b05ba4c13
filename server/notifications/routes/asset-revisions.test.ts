/**
 * Issue 38: a layout's and a snippet's History over HTTP on a real database (both engines):
 * `GET /layouts/:slug/revisions[/:id]` and `GET /snippets/:name/revisions[/:id]`, in the shape of
 * a notification's; restoring one is a PUT of the fields it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionListSchema } from '../../../contract/schemas/audit';
import { errorBodySchema } from '../../../contract/schemas/error';
import { layoutSchema, snippetSchema } from '../../../contract/schemas/layout';
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

async function put(path: string, body: unknown) {
  const res = await api.request('PUT', path, { body });
  expect(res.status, res.text).toBe(200);
  return res;
}

function expectError(res: { status: number; json: unknown; text: string }, status: number) {
  expect(res.status, res.text).toBe(status);
  return errorBodySchema.parse(res.json);
}

describe('layout revisions', () => {
  it('lists a layout’s revisions newest first, with their changes, paged', async () => {
    await put('/layouts/hist', { name: 'One', html: '<div>{{ content }}</div>', text: '' });
    await put('/layouts/hist', { name: 'Two' });
    await put('/layouts/hist', { html: '<main>{{ content }}</main>' });
    await put('/layouts/other', { name: 'Other', html: '{{ content }}' });
    const res = await api.request('GET', '/layouts/hist/revisions');
    expect(res.status, res.text).toBe(200);
    const revisions = revisionListSchema.parse(res.json);
    expect(revisions).toHaveLength(3);
    expect(revisions.every((r) => r.resource === 'layout' && r.resource_id === 'hist')).toBe(true);
    expect(revisions.map((r) => r.changes.map((c) => c.field).sort())).toEqual([
      ['html'],
      ['name'],
      ['html', 'name'],
    ]);
    expect(revisions[0]?.actor.email).toBe('admin@example.com');
    const page = revisionListSchema.parse(
      (await api.request('GET', `/layouts/hist/revisions?before=${revisions[0]?.id}&limit=1`)).json,
    );
    expect(page.map((r) => r.id)).toEqual([revisions[1]?.id]);
  });

  it('answers the layout as it was after a revision; a PUT of it restores it', async () => {
    await put('/layouts/back', { name: 'Before', html: '<p>{{ content }}</p>', text: 'a' });
    await put('/layouts/back', {
      name: 'After',
      html: '<section>{{ content }}</section>',
      translations: { nl: { html: '<nl>{{ content }}</nl>' } },
    });
    const [latest, first] = revisionListSchema.parse(
      (await api.request('GET', '/layouts/back/revisions')).json,
    );
    const then = await api.request('GET', `/layouts/back/revisions/${first?.id}`);
    expect(then.status, then.text).toBe(200);
    expect(layoutSchema.parse(then.json)).toMatchObject({
      slug: 'back',
      name: 'Before',
      html: '<p>{{ content }}</p>',
      text: 'a',
      translations: {},
    });
    const now = layoutSchema.parse(
      (await api.request('GET', `/layouts/back/revisions/${latest?.id}`)).json,
    );
    expect(now.translations.nl?.html).toBe('<nl>{{ content }}</nl>');

    const old = layoutSchema.parse(then.json);
    const etag = (await api.request('GET', '/layouts/back')).headers.get('etag') ?? '';
    const restored = await api.request('PUT', '/layouts/back', {
      headers: { 'if-match': etag },
      body: { name: old.name, html: old.html, text: old.text, translations: { nl: null } },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(layoutSchema.parse(restored.json)).toMatchObject({
      name: 'Before',
      html: '<p>{{ content }}</p>',
      translations: {},
    });
  });

  it('is 404 for an unknown layout, another resource’s revision, a delete’s revision', async () => {
    await put('/layouts/mine', { name: 'Mine', html: '{{ content }}' });
    await put('/layouts/gone', { name: 'Gone', html: '{{ content }}' });
    const [gone] = revisionListSchema.parse(
      (await api.request('GET', '/layouts/gone/revisions')).json,
    );
    expect(expectError(await api.request('GET', '/layouts/nope/revisions'), 404).message).toMatch(
      /layout/i,
    );
    // Another layout's revision is not this one's.
    expectError(await api.request('GET', `/layouts/mine/revisions/${gone?.id}`), 404);
    expectError(await api.request('GET', '/layouts/mine/revisions/999999999'), 404);
    // Deleted: the feed keeps its revisions, the layout's History is gone with it.
    expect((await api.request('DELETE', '/layouts/gone')).status).toBe(204);
    expectError(await api.request('GET', '/layouts/gone/revisions'), 404);
    const feed = revisionListSchema.parse(
      (await api.request('GET', '/audit?resource=layout&resource_id=gone')).json,
    );
    expect(feed).toHaveLength(2);
    // The delete's revision, recreated under the same slug: no snapshot to answer.
    await put('/layouts/gone', { name: 'Again', html: '{{ content }}' });
    expectError(await api.request('GET', `/layouts/gone/revisions/${feed[0]?.id}`), 404);
  });

  it('refuses bad input with 400 on the parameter: a bad slug, id or page', async () => {
    await put('/layouts/ok', { name: 'Ok', html: '{{ content }}' });
    const bad = async (path: string, field: string) => {
      const error = expectError(await api.request('GET', path), 400);
      expect(error.errors.map((e) => e.field)).toContain(field);
    };
    await bad('/layouts/Bad%20Slug/revisions', 'slug');
    await bad('/layouts/ok/revisions/abc', 'id');
    await bad('/layouts/ok/revisions/-1', 'id');
    await bad('/layouts/ok/revisions/99999999999999999999', 'id');
    await bad('/layouts/ok/revisions?limit=0', 'limit');
    await bad('/layouts/ok/revisions?limit=201', 'limit');
    await bad('/layouts/ok/revisions?before=x', 'before');
  });
});

describe('snippet revisions', () => {
  it('lists a snippet’s revisions and answers one as it was', async () => {
    await put('/snippets/sig', { body: 'Regards' });
    await put('/snippets/sig', { body: 'Cheers', translations: { nl: { body: 'Groeten' } } });
    const revisions = revisionListSchema.parse(
      (await api.request('GET', '/snippets/sig/revisions')).json,
    );
    expect(revisions).toHaveLength(2);
    expect(revisions.every((r) => r.resource === 'snippet' && r.resource_id === 'sig')).toBe(true);
    const first = await api.request('GET', `/snippets/sig/revisions/${revisions[1]?.id}`);
    expect(first.status, first.text).toBe(200);
    expect(snippetSchema.parse(first.json)).toMatchObject({
      name: 'sig',
      body: 'Regards',
      translations: {},
    });
    const last = snippetSchema.parse(
      (await api.request('GET', `/snippets/sig/revisions/${revisions[0]?.id}`)).json,
    );
    expect(last).toMatchObject({ body: 'Cheers', translations: { nl: { body: 'Groeten' } } });
    expectError(await api.request('GET', '/snippets/nope/revisions'), 404);
    expectError(await api.request('GET', '/snippets/sig/revisions/0'), 400);
    expectError(await api.request('GET', '/snippets/Sig/revisions'), 400);
  });

  it('is readable by a viewer, and never across sites', async () => {
    await put('/snippets/shared', { body: 'x' });
    const [revision] = revisionListSchema.parse(
      (await api.request('GET', '/snippets/shared/revisions')).json,
    );
    const viewer = await findOrCreateUser(api.db, 'history-viewer@example.com');
    await ensureMembership(api.db, viewer, 'demo', 'viewer');
    const token = await issueToken(api.db, viewer);
    const seen = await api.request('GET', '/snippets/shared/revisions', { token });
    expect(seen.status, seen.text).toBe(200);
    const one = await api.request('GET', `/snippets/shared/revisions/${revision?.id}`, { token });
    expect(one.status, one.text).toBe(200);
    const acme = { token: api.acmeToken, site: 'acme' };
    expectError(await api.request('GET', '/snippets/shared/revisions', acme), 404);
    expectError(await api.request('GET', `/snippets/shared/revisions/${revision?.id}`, acme), 404);
  });
});
