/**
 * Issue 42, decision 060: authority is checked when it is used. A write whose headers arrived
 * while its member could make it, and whose body arrives after the member was demoted, removed or
 * its token revoked, changes nothing (403/401 with the Error body) — whether the change was made
 * through the same instance or through another one on the same database (there the instance's
 * cached authority is still fresh, and the check inside the write's transaction refuses it).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import type { Role } from '../../contract/schemas/role';
import { buildApp } from '../platform/app';
import { AuthFailureLimiter } from './auth-limiter';
import { openDatabase } from '../database/db';
import type { Db } from '../database/schema';
import { ensureMembership } from '../site/store/sites';
import { createToken, findOrCreateUser } from './store/tokens';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;
/** A second instance of the service on the same database (another process would be the same). */
let other: { app: FastifyInstance; db: Db; baseUrl: string };

beforeAll(async () => {
  api = await startTestApi();
  const db = openDatabase(api.databaseUrl);
  const app = await buildApp({ db, staticDir: null, authLimiter: new AuthFailureLimiter(1000) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  other = {
    app,
    db,
    baseUrl: `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`,
  };
});
afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await api.close();
});

let serial = 0;
/** A new member of demo with two tokens (the second revokes the first). */
async function member(role: Role) {
  serial += 1;
  const userId = await findOrCreateUser(api.db, `in-flight-${String(serial)}@authority.test`);
  await ensureMembership(api.db, userId, 'demo', role);
  const first = await createToken(api.db, userId, { name: 'first' });
  const second = await createToken(api.db, userId, { name: 'second' });
  return { userId, token: first.secret, tokenId: first.id, spare: second.secret };
}

interface Answer {
  status: number;
  json: unknown;
}

/**
 * A request whose headers go now and whose body goes when `finish` is called. `Expect:
 * 100-continue` makes the server say when it took the headers (its auth hook has run by then: the
 * token and role were read just before, so the hook answers from its cache at once).
 */
async function slowWrite(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ finish: () => Promise<Answer> }> {
  const text = JSON.stringify(body);
  const req = httpRequest(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-service-site': 'demo',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      expect: '100-continue',
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: raw ? (JSON.parse(raw) as unknown) : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    // An early answer (a refusal at the headers) ends the wait too: the test then fails below.
    answer.then(() => resolve(), reject);
    req.flushHeaders();
  });
  return {
    finish: () => {
      req.end(text);
      return answer;
    },
  };
}

interface Write {
  name: string;
  role: Role;
  method: string;
  path: string;
  body: () => unknown;
  state: () => Promise<unknown>;
  /** A read the member may make, to warm the auth cache (default: `path`). */
  warm?: string;
}

async function read(path: string): Promise<unknown> {
  const res = await api.request('GET', path);
  expect(res.status).toBe(200);
  return res.json;
}

const WRITES: Write[] = [
  {
    name: "an admin's app callback URL",
    role: 'admin',
    method: 'PATCH',
    path: '/apps/analytics',
    body: () => ({ callback_url: `https://attacker.example/${String(Math.random())}` }),
    state: () => read('/apps/analytics'),
  },
  {
    name: "an editor's notification",
    role: 'editor',
    method: 'PUT',
    path: '/notifications/welcome',
    body: () => ({ subject: `Hijacked ${String(Math.random())}` }),
    state: () => read('/notifications/welcome'),
  },
  {
    name: "an editor's new layout",
    role: 'editor',
    method: 'PUT',
    path: '/layouts/in-flight',
    warm: '/layouts',
    body: () => ({ name: 'Hijacked', html: `<p>{{ content }}${String(Math.random())}</p>` }),
    state: () => read('/layouts'),
  },
  {
    name: "an editor's new snippet",
    role: 'editor',
    method: 'PUT',
    path: '/snippets/inflight',
    warm: '/snippets',
    body: () => ({ body: `Hijacked ${String(Math.random())}` }),
    state: () => read('/snippets'),
  },
  {
    name: "an admin's consent record origins",
    role: 'admin',
    method: 'PATCH',
    path: '/settings/consent/public-key',
    body: () => ({ origins: [`https://attacker${String(serial)}.example`] }),
    state: () => read('/settings/consent/public-key'),
  },
  {
    name: "an admin's consent record key rotation",
    role: 'admin',
    method: 'POST',
    path: '/settings/consent/public-key/rotate',
    warm: '/settings/consent/public-key',
    body: () => ({}),
    state: () => read('/settings/consent/public-key'),
  },
];

type Change = 'demotion' | 'removal' | 'revocation';

/** Makes the change through the instance at `baseUrl`, as the demo admin (or the user). */
async function change(
  kind: Change,
  baseUrl: string,
  who: Awaited<ReturnType<typeof member>>,
): Promise<void> {
  const [method, path, token, body] =
    kind === 'demotion'
      ? ['PATCH', `/members/${String(who.userId)}`, api.adminToken, { role: 'viewer' }]
      : kind === 'removal'
        ? ['DELETE', `/members/${String(who.userId)}`, api.adminToken, undefined]
        : ['DELETE', `/tokens/${String(who.tokenId)}`, who.spare, undefined];
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

const EXPECTED: Record<Change, number> = { demotion: 403, removal: 403, revocation: 401 };

describe('a write whose body arrives after its authority was lost changes nothing', () => {
  for (const where of ['this instance', 'another instance'] as const) {
    for (const kind of ['demotion', 'removal', 'revocation'] as const) {
      for (const write of WRITES) {
        it(`${write.name}, ${kind} through ${where}: ${String(EXPECTED[kind])}`, async () => {
          const who = await member(write.role);
          const before = await write.state();
          // The token and role read just now: the write's headers are taken from the cache.
          const warm = write.warm ?? write.path;
          expect((await api.request('GET', warm, { token: who.token })).status).toBe(200);
          const pending = await slowWrite(
            api.baseUrl,
            write.method,
            write.path,
            who.token,
            write.body(),
          );
          await change(kind, where === 'this instance' ? api.baseUrl : other.baseUrl, who);
          const answer = await pending.finish();
          expect(answer.status, JSON.stringify(answer.json)).toBe(EXPECTED[kind]);
          const error = errorBodySchema.parse(answer.json);
          expect(error.code).toBe(EXPECTED[kind]);
          if (kind === 'demotion') expect(error.errors[0]?.code).toBe('role_required');
          expect(await write.state()).toEqual(before);
        });
      }
    }
  }

  it('a write whose token expires while its body is under way: 401, nothing changed', async () => {
    serial += 1;
    const userId = await findOrCreateUser(api.db, `expiring-${String(serial)}@authority.test`);
    await ensureMembership(api.db, userId, 'demo', 'editor');
    const expiresAt = new Date(Date.now() + 1_500).toISOString();
    const { secret } = await createToken(api.db, userId, { name: 'short', expiresAt });
    const before = await read('/notifications/welcome');
    const pending = await slowWrite(api.baseUrl, 'PUT', '/notifications/welcome', secret, {
      subject: 'After expiry',
    });
    // The body goes once the token has expired: waiting for the expiry is what is tested.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 20));
    const answer = await pending.finish();
    expect(answer.status).toBe(401);
    expect(errorBodySchema.parse(answer.json).code).toBe(401);
    expect(await read('/notifications/welcome')).toEqual(before);
  });
});
