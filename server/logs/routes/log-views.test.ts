/**
 * Issue 30: saved log views, per user per site (decision 053). Both engines (TEST_DATABASE_URL).
 * A user sees and changes only their own views: another user's id is a 404 like a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { logViewListSchema, logViewSchema, type LogView } from '../../../contract/schemas/log-view';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let viewerToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  api = await startTestApi();
  const viewerId = await findOrCreateUser(api.db, 'viewer@views.test');
  await ensureMembership(api.db, viewerId, 'demo', 'viewer');
  viewerToken = await issueToken(api.db, viewerId);
  const otherId = await findOrCreateUser(api.db, 'other@views.test');
  await ensureMembership(api.db, otherId, 'demo', 'admin');
  otherAdminToken = await issueToken(api.db, otherId);
});
afterAll(async () => {
  await api.close();
});

const errorsQuery = { q: 'timeout', level: 'error', range: '1h' } as const;

async function create(
  body: unknown,
  token?: string,
): Promise<{ status: number; view: LogView; etag: string | null }> {
  const res = await api.request('POST', '/log-views', { body, token });
  expect(res.status, res.text).toBe(201);
  return { status: res.status, view: logViewSchema.parse(res.json), etag: res.headers.get('etag') };
}

async function list(token?: string, appId?: string): Promise<LogView[]> {
  const path = appId ? `/log-views?app_id=${appId}` : '/log-views';
  const res = await api.request('GET', path, { token });
  expect(res.status, res.text).toBe(200);
  return logViewListSchema.parse(res.json);
}

describe('log views', () => {
  it('saves a view with an ETag and lists it to its owner only', async () => {
    const { view, etag } = await create({ name: '  Errors last hour ', query: errorsQuery });
    expect(view).toMatchObject({ name: 'Errors last hour', app_id: null, query: errorsQuery });
    expect(view.version).toBe(1);
    expect(etag).toMatch(/^"/);
    expect((await list()).map((v) => v.id)).toContain(view.id);
    expect((await list(otherAdminToken)).map((v) => v.id)).not.toContain(view.id);
    // Another site of the same user has its own views.
    const acme = await api.request('GET', '/log-views', { site: 'acme' });
    expect(logViewListSchema.parse(acme.json).map((v) => v.id)).not.toContain(view.id);
  });

  it('keeps the job match mode and an absolute range', async () => {
    const query = {
      job: 'sync',
      job_match: 'prefix',
      range: 'custom',
      since: '2026-11-26T10:00:00.000Z',
      before: '2026-11-26T11:00:00.000Z',
    };
    const { view } = await create({ name: 'Sync window', query });
    expect(view.query).toEqual(query);
  });

  it('lists a view for one app with that app only, and views for any app everywhere', async () => {
    const { view } = await create({
      name: 'Storefront',
      app_id: 'storefront',
      query: { range: 'live' },
    });
    expect((await list(undefined, 'storefront')).map((v) => v.id)).toContain(view.id);
    expect((await list(undefined, 'analytics')).map((v) => v.id)).not.toContain(view.id);
    const anyApp = (await list()).find((v) => v.name === 'Errors last hour');
    expect((await list(undefined, 'analytics')).map((v) => v.id)).toContain(anyApp?.id);
  });

  it('refuses a second view of the same name for the same user with a 409 on name, but not for another user', async () => {
    const before = await list();
    const res = await api.request('POST', '/log-views', {
      body: { name: 'Errors last hour', query: { range: 'live' } },
    });
    expect(res.status).toBe(409);
    expect(errorBodySchema.parse(res.json).errors).toEqual([
      expect.objectContaining({ field: 'name', code: 'duplicate' }),
    ]);
    expect(await list()).toEqual(before);
    await create({ name: 'Errors last hour', query: { range: 'live' } }, otherAdminToken);
  });

  it('answers bad input with the Error body and saves nothing', async () => {
    const before = await list();
    const bad: Array<[unknown, string]> = [
      [{ name: '', query: { range: 'live' } }, 'name'],
      [{ name: 'x'.repeat(81), query: { range: 'live' } }, 'name'],
      [{ name: 'A', query: { range: 'yesterday' } }, 'query.range'],
      [{ name: 'A', query: { range: 'custom' } }, 'query.since'],
      [{ name: 'A', query: { range: '1h', since: '2026-11-26T10:00:00Z' } }, 'query.since'],
      [{ name: 'A', query: { range: 'live', level: 'loud' } }, 'query.level'],
      [{ name: 'A', query: { range: 'live', q: 'x'.repeat(257) } }, 'query.q'],
      [{ name: 'A', query: { range: 'live', extra: 1 } }, 'query'],
      [{ name: 'A', query: { range: 'live' }, app_id: 'no-such-app' }, 'app_id'],
      [{ name: 'A\u0000', query: { range: 'live' } }, 'name'],
    ];
    for (const [body, field] of bad) {
      const res = await api.request('POST', '/log-views', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const details = errorBodySchema.parse(res.json).errors;
      expect(details.map((d) => d.field).join(' '), JSON.stringify(body)).toContain(field);
    }
    const badId = await api.request('DELETE', '/log-views/abc');
    expect(badId.status).toBe(400);
    expect(errorBodySchema.parse(badId.json).errors[0]?.field).toBe('id');
    expect(await list()).toEqual(before);
  });

  it('renames and updates with If-Match; a stale ETag is a 412 and changes nothing', async () => {
    const { view, etag } = await create({ name: 'To rename', query: { range: '15m' } });
    const renamed = await api.request('PUT', `/log-views/${String(view.id)}`, {
      body: { name: 'Renamed', query: { range: '24h', level: 'warn' } },
      headers: { 'if-match': etag ?? '' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(logViewSchema.parse(renamed.json)).toMatchObject({
      name: 'Renamed',
      version: 2,
      query: { range: '24h', level: 'warn' },
    });
    expect(renamed.headers.get('etag')).not.toBe(etag);
    const stale = await api.request('PUT', `/log-views/${String(view.id)}`, {
      body: { name: 'Stale', query: { range: 'live' } },
      headers: { 'if-match': etag ?? '' },
    });
    expect(stale.status).toBe(412);
    expect((await list()).find((v) => v.id === view.id)?.name).toBe('Renamed');
    const taken = await api.request('PUT', `/log-views/${String(view.id)}`, {
      body: { name: 'Errors last hour', query: { range: 'live' } },
    });
    expect(taken.status).toBe(409);
    expect(errorBodySchema.parse(taken.json).errors[0]?.field).toBe('name');
    // Its own name again is no conflict.
    const same = await api.request('PUT', `/log-views/${String(view.id)}`, {
      body: { name: 'Renamed', query: { range: '1h' } },
    });
    expect(same.status).toBe(200);
  });

  it("answers 404 for another user's view, as for a missing one, and leaves it alone", async () => {
    const { view } = await create({ name: 'Mine', query: { range: 'live' } });
    const put = await api.request('PUT', `/log-views/${String(view.id)}`, {
      token: otherAdminToken,
      body: { name: 'Theirs', query: { range: 'live' } },
    });
    expect(put.status).toBe(404);
    expect(errorBodySchema.parse(put.json).code).toBe(404);
    const del = await api.request('DELETE', `/log-views/${String(view.id)}`, {
      token: otherAdminToken,
    });
    expect(del.status).toBe(404);
    // The same user on another site does not reach it either.
    const otherSite = await api.request('DELETE', `/log-views/${String(view.id)}`, {
      site: 'acme',
    });
    expect(otherSite.status).toBe(404);
    expect((await list()).find((v) => v.id === view.id)?.name).toBe('Mine');
    const missing = await api.request('DELETE', '/log-views/999999');
    expect(missing.status).toBe(404);
  });

  it('deletes a view', async () => {
    const { view } = await create({ name: 'Short-lived', query: { range: 'live' } });
    const res = await api.request('DELETE', `/log-views/${String(view.id)}`);
    expect(res.status).toBe(204);
    expect((await list()).map((v) => v.id)).not.toContain(view.id);
  });

  it('lets a viewer keep views: they change no site configuration', async () => {
    const { view } = await create({ name: 'Viewer view', query: { range: 'live' } }, viewerToken);
    expect((await list(viewerToken)).map((v) => v.id)).toEqual([view.id]);
    const del = await api.request('DELETE', `/log-views/${String(view.id)}`, {
      token: viewerToken,
    });
    expect(del.status).toBe(204);
  });

  it('needs a token and a site like every site route', async () => {
    expect((await api.request('GET', '/log-views', { token: null })).status).toBe(401);
    expect((await api.request('GET', '/log-views', { site: null })).status).toBe(400);
    expect(
      (await api.request('GET', '/log-views', { site: 'demo', token: api.acmeToken })).status,
    ).toBe(403);
  });
});
