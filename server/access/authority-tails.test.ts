/**
 * Issue 42, decision 060: a waiting log tail ends when its authority does. A revoked token, a
 * removed member (through this instance or another on the same database) and an expired token
 * answer the tail 401/403 with the Error body, and an entry written after a revocation never
 * reaches the tail. A change of role leaves the tail waiting: every role reads logs.
 *
 * The README's "within 1 s" is the watch's poll (AUTH_CHANGE_POLL_MS) and the reads of one check.
 * Comparing the answer's time with 1 s measured the machine as much as the service, so here the
 * tailed instance's watch never polls on its own: the test runs its checks (`pollNow`, counted)
 * and moves its clock, and asserts that a change through this instance ends the tail with no
 * check of the timer's, one through another instance at the next check, and an expiry at the
 * first check at or after the moment. The other instance keeps its real timer: a tail there ends
 * on its own (before its wait would have answered 200).
 */
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
import { AUTH_CHANGE_POLL_MS } from './auth';

/** How long a tail waits when nothing ends it: a hang guard (it then answers 200, not 401). */
const WAIT_SECONDS = 8;
/** A poll interval no test lasts: the tailed instance's watch runs only the test's checks. */
const NEVER_MS = 60 * 60_000;

let api: TestApi;
let other: { app: FastifyInstance; db: Db; baseUrl: string };
/** How far the tailed instance's watch clock is ahead of the real one. */
let clockAheadMs = 0;

beforeAll(async () => {
  api = await startTestApi({
    authorityWatch: { pollMs: NEVER_MS, clock: () => Date.now() + clockAheadMs },
    // The auth counter read fresh at each check: a read cached from the tail's own request would
    // make the first check after a change through another instance see nothing yet.
    authCache: { changePollMs: 0 },
  });
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
}

interface Tail {
  answer: Promise<TailAnswer>;
  /** True once the answer arrived. */
  settled: () => boolean;
}

/** Opens a waiting tail on analytics from now; resolves once the service holds it. */
async function openTail(token: string, service: { app: FastifyInstance; baseUrl: string } = api) {
  const waitingBefore = service.app.logTails.stats().waiting;
  const since = Date.now() / 1000;
  const answer = fetch(
    `${service.baseUrl}/api/apps/analytics/logs?since=${String(since)}&wait=${String(WAIT_SECONDS)}`,
    { headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' } },
  ).then(async (res) => ({ status: res.status, text: await res.text() }));
  // Held: the service counts it among its waiting tails (or it was answered at once).
  let settled = false;
  void answer.then(() => (settled = true));
  await expect
    .poll(() => settled || service.app.logTails.stats().waiting > waitingBefore, {
      timeout: 5_000,
    })
    .toBe(true);
  // Wrapped: an async function returning the promise itself would wait for it.
  return { answer, settled: () => settled } satisfies Tail;
}

/** The checks the tailed instance's watch has finished. */
const checks = () => api.app.watchAuthority.checks;

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
  it('polls at most every AUTH_CHANGE_POLL_MS by default: the 1 s of the README is one poll and its reads', () => {
    expect(AUTH_CHANGE_POLL_MS).toBeLessThanOrEqual(250);
  });

  for (const [change, status] of [
    ['revocation', 401],
    ['removal', 403],
  ] as const) {
    const make = async (baseUrl: string, who: Awaited<ReturnType<typeof viewer>>) => {
      if (change === 'revocation') {
        await call(baseUrl, 'DELETE', `/tokens/${String(who.tokenId)}`, who.spare);
      } else await call(baseUrl, 'DELETE', `/members/${String(who.userId)}`, api.adminToken);
    };

    it(`${change} through this instance: ${String(status)} with no check of the timer's`, async () => {
      const who = await viewer();
      const tail = await openTail(who.token);
      await make(api.baseUrl, who);
      const answer = await tail.answer;
      expect(answer.status, answer.text).toBe(status);
      expect(errorBodySchema.parse(JSON.parse(answer.text)).code).toBe(status);
    });

    it(`${change} through another instance: ${String(status)} at the next check`, async () => {
      const who = await viewer();
      const tail = await openTail(who.token);
      await make(other.baseUrl, who);
      const before = checks();
      await api.app.watchAuthority.pollNow();
      const answer = await tail.answer;
      expect(answer.status, answer.text).toBe(status);
      expect(errorBodySchema.parse(JSON.parse(answer.text)).code).toBe(status);
      // One check after the change ended it (the timer never fires here).
      expect(checks() - before).toBe(1);
    });

    it(`${change} through this instance ends a tail on another at its own poll`, async () => {
      const who = await viewer();
      const tail = await openTail(who.token, other);
      await make(api.baseUrl, who);
      const answer = await tail.answer;
      expect(answer.status, answer.text).toBe(status);
    });
  }

  it('expiry: 401 at the first check at or after the moment, not before', async () => {
    const expiresAtMs = Date.now() + 60_000;
    const who = await viewer(new Date(expiresAtMs).toISOString());
    // Just before the moment, a check leaves the tail waiting: it answers the next entry.
    const early = await openTail(who.token);
    clockAheadMs = expiresAtMs - 1 - Date.now();
    await api.app.watchAuthority.pollNow();
    await call(api.baseUrl, 'POST', '/apps/analytics/logs', api.adminToken, {
      logs: [{ level: 'info', data: { message: 'before the expiry' } }],
    });
    const waited = await early.answer;
    expect(waited.status, waited.text).toBe(200);
    expect(waited.text).toContain('before the expiry');
    // At the moment, the next check answers the tail 401.
    const late = await openTail(who.token);
    clockAheadMs = expiresAtMs - Date.now();
    const before = checks();
    await api.app.watchAuthority.pollNow();
    const answer = await late.answer;
    expect(answer.status, answer.text).toBe(401);
    expect(checks() - before).toBe(1);
    clockAheadMs = 0;
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
