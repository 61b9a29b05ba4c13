/**
 * Issue 29: personal access tokens and `GET /me`. A revoked or expired token is refused by every
 * instance within 1 s: here two instances, each with its own connection and auth cache, on one
 * database (one SQLite file, or one PostgreSQL database).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { meSchema } from '../../../contract/schemas/member';
import { createdTokenSchema, tokenListSchema } from '../../../contract/schemas/token';
import { buildApp } from '../../platform/app';
import { AuthFailureLimiter } from '../auth-limiter';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { createToken, findOrCreateUser } from '../store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
/** A second instance on the same database, with its own connection and cache. */
let other: { app: FastifyInstance; db: Db; baseUrl: string };

beforeAll(async () => {
  api = await startTestApi();
  const db = openDatabase(api.databaseUrl);
  const app = await buildApp({ db, staticDir: null, authLimiter: new AuthFailureLimiter(1000) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  other = { app, db, baseUrl: `http://127.0.0.1:${String(port)}` };
});
afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await api.close();
});

/** GET /api/sites on the other instance with `token`: its status. */
async function statusOnOther(token: string): Promise<number> {
  const res = await fetch(`${other.baseUrl}/api/sites`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

/** Polls until `check` is true or `deadline` (ms since epoch) passes; whether it became true. */
async function until(deadline: number, check: () => Promise<boolean>): Promise<boolean> {
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tokens', () => {
  it('creates a token, answers its secret once, lists it and names it in GET /me', async () => {
    const res = await api.request('POST', '/tokens', {
      site: null,
      body: { name: 'Deploy script', expires_in_days: 30 },
    });
    expect(res.status).toBe(201);
    const created = createdTokenSchema.parse(res.json);
    expect(created.name).toBe('Deploy script');
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const days = (Date.parse(created.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const list = tokenListSchema.parse(
      (await api.request('GET', '/tokens', { site: null, token: created.secret })).json,
    );
    expect(list.map((t) => t.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    // Tokens made before names have no prefix.
    expect(list.some((t) => t.prefix === '')).toBe(false);

    const me = meSchema.parse(
      (await api.request('GET', '/me', { site: null, token: created.secret })).json,
    );
    expect(me).toMatchObject({ email: 'admin@example.com', token_id: created.id });
  });

  it('refuses a bad name or expiry with 422 on the field, and creates nothing', async () => {
    const before = tokenListSchema.parse(
      (await api.request('GET', '/tokens', { site: null })).json,
    );
    for (const body of [
      { name: '', expires_in_days: 1 },
      { name: 'x', expires_in_days: 0 },
      { name: 'x', expires_in_days: 367 },
      { name: 'x' },
    ]) {
      const res = await api.request('POST', '/tokens', { site: null, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(errorBodySchema.parse(res.json).errors.length).toBeGreaterThan(0);
    }
    const after = tokenListSchema.parse((await api.request('GET', '/tokens', { site: null })).json);
    expect(after).toEqual(before);
  });

  it("revokes only the user's own tokens: another user's id is 404 and keeps working", async () => {
    const acmeList = tokenListSchema.parse(
      (await api.request('GET', '/tokens', { site: null, token: api.acmeToken })).json,
    );
    const acmeTokenId = acmeList[0]?.id ?? 0;
    const res = await api.request('DELETE', `/tokens/${String(acmeTokenId)}`, { site: null });
    expect(res.status).toBe(404);
    errorBodySchema.parse(res.json);
    expect((await api.request('GET', '/sites', { site: null, token: api.acmeToken })).status).toBe(
      200,
    );
  });

  it('refuses a revoked token on every instance within 1 s', async () => {
    const created = createdTokenSchema.parse(
      (
        await api.request('POST', '/tokens', {
          site: null,
          body: { name: 'To revoke', expires_in_days: 1 },
        })
      ).json,
    );
    // Both instances have it cached.
    expect((await api.request('GET', '/sites', { site: null, token: created.secret })).status).toBe(
      200,
    );
    expect(await statusOnOther(created.secret)).toBe(200);

    const revoke = await api.request('DELETE', `/tokens/${String(created.id)}`, {
      site: null,
      token: created.secret,
    });
    expect(revoke.status).toBe(204);
    const deadline = Date.now() + 1000;
    // The instance that revoked it refuses it at once.
    const again = await api.request('GET', '/sites', { site: null, token: created.secret });
    expect(again.status).toBe(401);
    expect(await until(deadline, async () => (await statusOnOther(created.secret)) === 401)).toBe(
      true,
    );
    const list = tokenListSchema.parse((await api.request('GET', '/tokens', { site: null })).json);
    expect(list.map((t) => t.id)).not.toContain(created.id);
    const twice = await api.request('DELETE', `/tokens/${String(created.id)}`, { site: null });
    expect(twice.status).toBe(404);
  });

  it('refuses an expired token on every instance within 1 s of its expiry', async () => {
    const userId = await findOrCreateUser(api.db, 'admin@example.com');
    const expiresAt = Date.now() + 1500;
    const created = await createToken(api.db, userId, {
      name: 'Short',
      expiresAt: new Date(expiresAt).toISOString(),
    });
    expect(await statusOnOther(created.secret)).toBe(200);
    expect(
      await until(expiresAt + 1000, async () => (await statusOnOther(created.secret)) === 401),
    ).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  });
});
