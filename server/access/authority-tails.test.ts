/**
 * Issue 42, decision 060: a waiting log tail ends when its authority does. A revoked token, a
 * removed member (through this instance or another on the same database) and an expired token
 * answer the tail 401/403 with the Error body within 1 s of the change, and an entry written
 * after a revocation never reaches the tail. A change of role leaves the tail waiting: every role
 * reads logs.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { buildApp } from '../platform/app';
import { AuthFailureLimiter } from './auth-limiter';
import { openDatabase } from '../database/db';
import type { Db } from '../database/schema';
import { ensureMembership } from '../site/store/sites';
import { createToken, findOrCreateUser } from './store/tokens';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

/** The deadline from a change to the tail's answer. */
const DEADLINE_MS = 1_000;
/** How long a tail waits when nothing ends it: long past the deadline, short of the test's. */
const WAIT_SECONDS = 8;

let api: TestApi;
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

let serial = 0;
async function viewer(expiresAt?: string) {
  serial += 1;
  const userId = await findOrCreateUser(api.db, `tail-${String(serial)}@authority.test`);
  await ensureMembership(api.db, userId, 'demo', 'viewer');
  const first = await createToken(api.db, userId, { name: 'tail', expiresAt });
  const second = await createToken(api.db, userId, { name: 'spare' });
  return { userId, token: first.secret, tokenId: first.id, spare: second.secret };
}

interface TailAnswer {
  status: number;
  text: string;
  /** performance.now() when the answer arrived. */
  at: number;
}

/** Opens a waiting tail on analytics from now; resolves once the service holds it. */
async function openTail(token: string): Promise<{ answer: Promise<TailAnswer> }> {
  const waitingBefore = api.app.logTails.stats().waiting;
  const since = Date.now() / 1000;
  const answer = fetch(
    `${api.baseUrl}/api/apps/analytics/logs?since=${String(since)}&wait=${String(WAIT_SECONDS)}`,
    { headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' } },
  ).then(async (res) => ({ status: res.status, text: await res.text(), at: performance.now() }));
  // Held: the service counts it among its waiting tails (or it was answered at once).
  let settled = false;
  void answer.then(() => (settled = true));
  await expect
    .poll(() => settled || api.app.logTails.stats().waiting > waitingBefore, { timeout: 5_000 })
    .toBe(true);
  // Wrapped: an async function returning the promise itself would wait for it.
  return { answer };
}

async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-service-site': 'demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

describe('a waiting tail ends when its authority does', () => {
  for (const where of ['this instance', 'another instance'] as const) {
    const baseUrl = () => (where === 'this instance' ? api.baseUrl : other.baseUrl);

    it(`revocation through ${where}: 401 within 1 s`, async () => {
      const who = await viewer();
      const { answer: tail } = await openTail(who.token);
      await call(baseUrl(), 'DELETE', `/tokens/${String(who.tokenId)}`, who.spare);
      const changedAt = performance.now();
      const answer = await tail;
      expect(answer.status, answer.text).toBe(401);
      expect(errorBodySchema.parse(JSON.parse(answer.text)).code).toBe(401);
      expect(answer.at - changedAt).toBeLessThan(DEADLINE_MS);
    });

    it(`removal through ${where}: 403 within 1 s`, async () => {
      const who = await viewer();
      const { answer: tail } = await openTail(who.token);
      await call(baseUrl(), 'DELETE', `/members/${String(who.userId)}`, api.adminToken);
      const changedAt = performance.now();
      const answer = await tail;
      expect(answer.status, answer.text).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(answer.text)).code).toBe(403);
      expect(answer.at - changedAt).toBeLessThan(DEADLINE_MS);
    });
  }

  it('expiry: 401 within 1 s of the moment the token expires', async () => {
    const expiresAt = new Date(Date.now() + 1_500).toISOString();
    const who = await viewer(expiresAt);
    const { answer: tail } = await openTail(who.token);
    const answer = await tail;
    expect(answer.status, answer.text).toBe(401);
    // performance.now() and Date.now() advance together; the deadline counts from the expiry.
    const lateBy = Date.now() - (performance.now() - answer.at) - Date.parse(expiresAt);
    expect(lateBy).toBeLessThan(DEADLINE_MS);
  });

  it('an entry written just after a revocation never reaches the tail', async () => {
    const who = await viewer();
    const { answer: tail } = await openTail(who.token);
    await call(api.baseUrl, 'DELETE', `/tokens/${String(who.tokenId)}`, who.spare);
    await call(api.baseUrl, 'POST', '/apps/analytics/logs', api.adminToken, {
      logs: [{ level: 'info', data: { message: 'after the revocation' } }],
    });
    const answer = await tail;
    expect(answer.status, answer.text).toBe(401);
    expect(answer.text).not.toContain('after the revocation');
  });

  it('a change of role leaves the tail waiting: it still answers the next entry', async () => {
    const who = await viewer();
    const { answer: tail } = await openTail(who.token);
    await call(api.baseUrl, 'PATCH', `/members/${String(who.userId)}`, api.adminToken, {
      role: 'editor',
    });
    await call(api.baseUrl, 'POST', '/apps/analytics/logs', api.adminToken, {
      logs: [{ level: 'info', data: { message: 'after the promotion' } }],
    });
    const answer = await tail;
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain('after the promotion');
  });
});
