/**
 * Issue 29: a site's members. The last admin can be neither demoted nor removed, also when two
 * admins demote each other at the same moment; a removed member is refused at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { revisionListSchema } from '../../../contract/schemas/audit';
import { memberListSchema, memberSchema } from '../../../contract/schemas/member';
import { createSite, ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
/** The admin of the site `solo` (the test's admin is no member of it). */
let soloToken: string | undefined;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

async function member(email: string, site: string, role: 'viewer' | 'editor' | 'admin') {
  const id = await findOrCreateUser(api.db, email);
  await ensureMembership(api.db, id, site, role);
  return { id, token: await issueToken(api.db, id) };
}

async function members(site: string) {
  const res = await api.request('GET', '/members', {
    site,
    token: site === 'solo' ? soloToken : undefined,
  });
  expect(res.status).toBe(200);
  return memberListSchema.parse(res.json);
}

describe('members', () => {
  it('lists members with their roles, and changes and removes one', async () => {
    const viewer = await member('v@members.test', 'demo', 'viewer');
    const list = await members('demo');
    expect(list).toContainEqual(
      expect.objectContaining({ user_id: viewer.id, email: 'v@members.test', role: 'viewer' }),
    );
    const changed = await api.request('PATCH', `/members/${String(viewer.id)}`, {
      body: { role: 'editor' },
    });
    expect(changed.status).toBe(200);
    expect(memberSchema.parse(changed.json).role).toBe('editor');
    // The new role counts at once on this instance.
    const put = await api.request('GET', '/notifications/welcome', { token: viewer.token });
    expect(put.status).toBe(200);

    const removed = await api.request('DELETE', `/members/${String(viewer.id)}`);
    expect(removed.status).toBe(204);
    expect((await members('demo')).some((m) => m.user_id === viewer.id)).toBe(false);
    const refused = await api.request('GET', '/apps', { token: viewer.token });
    expect(refused.status).toBe(403);

    // Both are revisions of the member, newest first, by the admin.
    const audit = await api.request(
      'GET',
      `/audit?resource=member&resource_id=${String(viewer.id)}`,
    );
    expect(audit.status).toBe(200);
    const revisions = revisionListSchema.parse(audit.json);
    expect(revisions.map((r) => [r.actor.email, r.changes])).toEqual([
      [
        'admin@example.com',
        [expect.objectContaining({ field: 'role', before: 'editor', after: null })],
      ],
      [
        'admin@example.com',
        [expect.objectContaining({ field: 'role', before: 'viewer', after: 'editor' })],
      ],
    ]);
  });

  it('answers 404 for a user who is not a member of this site, and 422 for an unknown role', async () => {
    const other = await member('o@members.test', 'acme', 'viewer');
    const res = await api.request('PATCH', `/members/${String(other.id)}`, {
      body: { role: 'editor' },
    });
    expect(res.status).toBe(404);
    errorBodySchema.parse(res.json);
    expect((await members('acme')).find((m) => m.user_id === other.id)?.role).toBe('viewer');
    const bad = await api.request('PATCH', `/members/${String(other.id)}`, {
      site: 'acme',
      body: { role: 'owner' },
    });
    expect(bad.status).toBe(422);
    expect(errorBodySchema.parse(bad.json).errors[0]?.field).toBe('role');
    const huge = await api.request('DELETE', '/members/99999999999');
    expect(huge.status).toBe(400);
  });

  it('refuses to demote or remove the last admin (409 on role), and changes nothing', async () => {
    // A site of its own with one admin and one editor.
    const site = 'solo';
    await createSite(api.db, site, 'Solo');
    const admin = await member('solo-admin@members.test', site, 'admin');
    soloToken = admin.token;
    await member('solo-editor@members.test', site, 'editor');
    const before = await members(site);
    const admins = before.filter((m) => m.role === 'admin');
    expect(admins.length).toBe(1);
    const last = admins[0]?.user_id ?? 0;
    for (const [method, body] of [
      ['PATCH', { role: 'editor' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api.request(method, `/members/${String(last)}`, {
        site,
        token: admin.token,
        body,
      });
      expect(res.status).toBe(409);
      const error = errorBodySchema.parse(res.json);
      expect(error.message).toMatch(/last admin/);
      expect(error.errors[0]).toMatchObject({ field: 'role', code: 'last_admin' });
    }
    expect(await members(site)).toEqual(before);
    const audit = await api.request('GET', '/audit?resource=member', {
      site,
      token: admin.token,
    });
    expect(revisionListSchema.parse(audit.json)).toEqual([]);
  });

  it('keeps one admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const site = 'acme';
      const a = await member(`a${String(round)}@members.test`, site, 'admin');
      const b = await member(`b${String(round)}@members.test`, site, 'admin');
      // The seeded admin leaves the two alone as the only admins.
      const seeded = (await members(site)).filter(
        (m) => m.role === 'admin' && m.user_id !== a.id && m.user_id !== b.id,
      );
      for (const m of seeded) {
        const res = await api.request('PATCH', `/members/${String(m.user_id)}`, {
          site,
          token: a.token,
          body: { role: 'viewer' },
        });
        expect(res.status).toBe(200);
      }
      const [ra, rb] = await Promise.all([
        api.request('PATCH', `/members/${String(b.id)}`, {
          site,
          token: a.token,
          body: { role: 'viewer' },
        }),
        api.request('DELETE', `/members/${String(a.id)}`, { site, token: b.token }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      // One wins; the other is then the last admin (409) or no longer an admin (403).
      expect([200, 204]).toContain(statuses[0]);
      expect([403, 409]).toContain(statuses[1]);
      const after = await members(site);
      expect(after.filter((m) => m.role === 'admin').length).toBe(1);
      // Back to one seeded admin for the next round.
      const admin = after.find((m) => m.role === 'admin');
      for (const m of seeded) {
        await api.request('PATCH', `/members/${String(m.user_id)}`, {
          site,
          token: admin?.user_id === a.id ? a.token : b.token,
          body: { role: 'admin' },
        });
      }
      for (const id of [a.id, b.id]) {
        await api.request('DELETE', `/members/${String(id)}`, { site });
      }
    }
  });
});
