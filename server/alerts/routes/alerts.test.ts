/**
 * Issue 41: alert rules, `GET/POST /alerts`, `GET/PUT/DELETE /alerts/{id}` (decision 070). Both
 * engines (TEST_DATABASE_URL). Bad input is a 422 on its field and a refused write changes
 * nothing: neither the alerts nor the audit feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERTS_MAX_PER_SITE,
  alertListSchema,
  alertSchema,
  type Alert,
  type AlertRuleInput,
} from '../../../contract/schemas/alert';
import { errorBodySchema } from '../../../contract/schemas/error';
import { revisionListSchema } from '../../../contract/schemas/audit';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let viewerToken: string;
let editorToken: string;

beforeAll(async () => {
  api = await startTestApi();
  const viewerId = await findOrCreateUser(api.db, 'viewer@alerts.test');
  await ensureMembership(api.db, viewerId, 'demo', 'viewer');
  viewerToken = await issueToken(api.db, viewerId);
  const editorId = await findOrCreateUser(api.db, 'editor@alerts.test');
  await ensureMembership(api.db, editorId, 'demo', 'editor');
  editorToken = await issueToken(api.db, editorId);
});
afterAll(async () => {
  await api.close();
});

function rule(overrides: Partial<AlertRuleInput> = {}): AlertRuleInput {
  return {
    name: 'Checkout errors',
    app: 'storefront',
    level: 'error',
    job: 'checkout',
    job_match: 'prefix',
    q: 'timeout',
    where: ['status:500'],
    where_not: ['region:eu'],
    condition: { op: '>', threshold: 10, window_minutes: 5 },
    every_minutes: 1,
    notify: { emails: ['viewer@alerts.test'], webhooks: ['https://hooks.example.com/a'] },
    enabled: true,
    ...overrides,
  };
}

async function create(body: unknown, token?: string): Promise<{ alert: Alert; etag: string }> {
  const res = await api.request('POST', '/alerts', { body, token });
  expect(res.status, res.text).toBe(201);
  const etag = res.headers.get('etag');
  expect(etag).toMatch(/^"/);
  return { alert: alertSchema.parse(res.json), etag: etag ?? '' };
}

async function list(site = 'demo'): Promise<Alert[]> {
  const res = await api.request('GET', '/alerts', { site });
  expect(res.status, res.text).toBe(200);
  return alertListSchema.parse(res.json);
}

async function alertRevisions(): Promise<number> {
  const res = await api.request('GET', '/audit?resource=alert&limit=200');
  expect(res.status, res.text).toBe(200);
  return revisionListSchema.parse(res.json).length;
}

/** The 422's fields, after checking that nothing was written. */
async function refused(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<string[]> {
  const before = { alerts: await list(), revisions: await alertRevisions() };
  const res = await api.request(method, path, { body, headers });
  expect(res.status, res.text).toBe(422);
  expect(await list()).toEqual(before.alerts);
  expect(await alertRevisions()).toBe(before.revisions);
  return errorBodySchema.parse(res.json).errors.map((detail) => detail.field);
}

describe('alert rules', () => {
  it('creates a rule exactly as sent, with no_data defaulting to ok, and reads it back', async () => {
    const { alert, etag } = await create(rule());
    expect(alert).toMatchObject({ ...rule(), no_data: 'ok', version: 1 });
    const res = await api.request('GET', `/alerts/${String(alert.id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(etag);
    expect(alertSchema.parse(res.json)).toEqual(alert);
    expect((await list()).map((a) => a.id)).toContain(alert.id);
    // Another site neither lists nor reads it.
    expect((await list('acme')).map((a) => a.id)).not.toContain(alert.id);
    const other = await api.request('GET', `/alerts/${String(alert.id)}`, { site: 'acme' });
    expect(other.status).toBe(404);
  });

  it('keeps only what a rule needs when the query is minimal', async () => {
    const minimal = {
      name: 'Any entry',
      app: 'analytics',
      condition: { op: '<', threshold: 1, window_minutes: 1440 },
      every_minutes: 60,
      no_data: 'alert',
      notify: {},
      enabled: false,
    };
    const { alert } = await create(minimal);
    expect(alert).toEqual({
      ...minimal,
      id: alert.id,
      version: 1,
      created_at: alert.created_at,
      updated_at: alert.updated_at,
      // Not evaluated yet (decision 074).
      status: {
        state: 'ok',
        since: null,
        last_fired_at: null,
        last_count: null,
        last_evaluated_at: null,
      },
    });
  });

  it('answers bad input with a 422 on its field and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        rule({ condition: { op: '>', threshold: 'ten' as unknown as number, window_minutes: 5 } }),
        'condition.threshold',
      ],
      [
        rule({ condition: { op: '>', threshold: 10, window_minutes: 0 } }),
        'condition.window_minutes',
      ],
      [
        rule({ condition: { op: '>', threshold: 10, window_minutes: 1441 } }),
        'condition.window_minutes',
      ],
      [rule({ condition: { op: '>=' as '>', threshold: 10, window_minutes: 5 } }), 'condition.op'],
      [rule({ every_minutes: 0 }), 'every_minutes'],
      [rule({ every_minutes: 61 }), 'every_minutes'],
      [rule({ notify: { webhooks: ['http://hooks.example.com/a'] } }), 'notify.webhooks.0'],
      [rule({ notify: { emails: ['not an address'] } }), 'notify.emails.0'],
      [rule({ app: 'nope' }), 'app'],
      [
        rule({ notify: { emails: ['viewer@alerts.test', 'stranger@alerts.test'] } }),
        'notify.emails.1',
      ],
      // A member of another site only.
      [rule({ notify: { emails: ['acme@example.com'] } }), 'notify.emails.0'],
      [rule({ where: ['no colon'] }), 'where.0'],
      [rule({ job: undefined }), 'job_match'],
      [rule({ no_data: 'maybe' as 'ok' }), 'no_data'],
      [{ ...rule(), extra: 1 }, 'extra'],
      [rule({ enabled: undefined }), 'enabled'],
    ];
    for (const [body, field] of cases) {
      expect(await refused('POST', '/alerts', body), field).toContain(field);
    }
  });

  it('lets editors and admins write and viewers only read', async () => {
    const { alert } = await create(rule({ name: 'By an editor' }), editorToken);
    const before = await list();
    const post = await api.request('POST', '/alerts', { body: rule(), token: viewerToken });
    expect(post.status).toBe(403);
    const path = `/alerts/${String(alert.id)}`;
    const put = await api.request('PUT', path, { body: rule(), token: viewerToken });
    expect(put.status).toBe(403);
    const del = await api.request('DELETE', path, { token: viewerToken });
    expect(del.status).toBe(403);
    expect(await list()).toEqual(before);
    const read = await api.request('GET', path, { token: viewerToken });
    expect(read.status).toBe(200);
    const all = await api.request('GET', '/alerts', { token: viewerToken });
    expect(alertListSchema.parse(all.json)).toEqual(before);
  });

  it('changes a rule under If-Match, refuses a stale one with 412, and audits each write', async () => {
    const { alert, etag } = await create(rule({ name: 'To change' }));
    const path = `/alerts/${String(alert.id)}`;
    const changed = rule({
      name: 'Changed',
      condition: { op: '>', threshold: 3, window_minutes: 10 },
    });
    const put = await api.request('PUT', path, { body: changed, headers: { 'if-match': etag } });
    expect(put.status, put.text).toBe(200);
    const written = alertSchema.parse(put.json);
    expect(written).toMatchObject({ ...changed, version: 2 });
    expect(put.headers.get('etag')).not.toBe(etag);

    const stale = await api.request('PUT', path, { body: rule(), headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    const staleDelete = await api.request('DELETE', path, { headers: { 'if-match': etag } });
    expect(staleDelete.status).toBe(412);
    expect(alertSchema.parse((await api.request('GET', path)).json)).toEqual(written);

    // A refused PUT (a bad reference) changes nothing either.
    expect(
      await refused('PUT', path, rule({ app: 'nope' }), {
        'if-match': put.headers.get('etag') ?? '',
      }),
    ).toContain('app');

    const audit = await api.request('GET', `/audit?resource=alert&resource_id=${String(alert.id)}`);
    const revisions = revisionListSchema.parse(audit.json);
    expect(revisions).toHaveLength(2);
    const fields = revisions[0]?.changes.map((change) => change.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'condition.threshold', 'condition.window_minutes']),
    );

    const del = await api.request('DELETE', path, {
      headers: { 'if-match': put.headers.get('etag') ?? '' },
    });
    expect(del.status).toBe(204);
    expect((await api.request('GET', path)).status).toBe(404);
    expect((await api.request('DELETE', path)).status).toBe(404);
    const after = await api.request('GET', `/audit?resource=alert&resource_id=${String(alert.id)}`);
    expect(revisionListSchema.parse(after.json)).toHaveLength(3);
  });

  it(`keeps at most ${String(ALERTS_MAX_PER_SITE)} alerts per site`, async () => {
    const already = (await list('acme')).length;
    for (let index = already; index < ALERTS_MAX_PER_SITE; index += 1) {
      const res = await api.request('POST', '/alerts', {
        site: 'acme',
        body: rule({ app: 'acme-shop', name: `Alert ${String(index)}`, notify: {} }),
      });
      expect(res.status, res.text).toBe(201);
    }
    const before = await list('acme');
    expect(before).toHaveLength(ALERTS_MAX_PER_SITE);
    const res = await api.request('POST', '/alerts', {
      site: 'acme',
      body: rule({ app: 'acme-shop', name: 'One too many', notify: {} }),
    });
    expect(res.status).toBe(422);
    expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({ code: 'too_many' });
    expect(await list('acme')).toEqual(before);
    // Other sites keep their own count.
    await create(rule({ name: 'Still fine on demo' }));
  });
});
