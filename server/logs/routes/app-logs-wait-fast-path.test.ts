/**
 * The waiting tail's fast path (decision 036) against real services on one real database: a
 * service with the fast path and its twin without it (every request through the Fastify route)
 * are asked the same requests, and must answer the same status line, header lines (all but
 * `Date`) and bytes, whether or not the fast path took the request; and the fast path must take
 * exactly the requests it can answer.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema } from '../../../contract/schemas/app-log';
import { type AppDeps, buildApp } from '../../platform/app';
import { AuthFailureLimiter } from '../../access/auth-limiter';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let appCount = 0;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api.close();
});

interface Service {
  app: FastifyInstance;
  port: number;
}

/**
 * A service on the test's database (its tokens and apps), listening on a port of its own. Its
 * auth cache stays fresh for the whole test: the fast path takes a request only while the auth
 * change counter was read within AUTH_CHANGE_POLL_MS (250 ms), so on a busy machine the pause
 * between `askBoth`'s two requests, not the request, decided whether it was taken. Nothing in
 * this file changes a token or a role.
 */
async function startService(deps: Partial<AppDeps>): Promise<Service> {
  const app = await buildApp({
    db: api.db,
    staticDir: null,
    authLimiter: new AuthFailureLimiter(1000),
    authCache: { cacheTtlMs: 10 * 60_000, changePollMs: 10 * 60_000 },
    // Likewise the app id cache (5 s by default), which the fast path answers only from.
    appIdCacheTtlMs: 10 * 60_000,
    ...deps,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

interface RawAnswer {
  status: string;
  /** Header lines as sent, sorted, without `Date`. */
  headers: string[];
  body: string;
}

/** One request on a socket of its own, read as the bytes the service wrote. */
function rawRequest(
  service: Service,
  target: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawAnswer> {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(service.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [status = '', ...rest] = text.slice(0, split).split('\r\n');
      resolve({
        status,
        headers: rest.filter((line) => !/^date:/i.test(line)).sort(),
        body: text.slice(split + 4),
      });
    });
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}Connection: close\r\n\r\n`,
    );
  });
}

function authHeaders(token = api.adminToken): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'X-Service-Site': 'demo' };
}

/** A new app with two entries; `since` is the first's time, so a wait answers at once. */
async function newApp(): Promise<{ key: string; since: number }> {
  appCount += 1;
  const key = `fast-${appCount}`;
  await insertApp(api.db, 'demo', appFixture(key));
  const response = await api.request('POST', `/apps/${key}/logs`, {
    body: {
      logs: [
        { level: 'info', data: 'one' },
        { level: 'warn', data: 'two', context: { job: { name: 'nightly' } } },
      ],
    },
  });
  const [first] = z.array(appLogEntrySchema).parse(response.json);
  return { key, since: first?.time ?? 0 };
}

function taken(service: Service): number {
  return service.app.waitFastPath?.taken ?? 0;
}

/**
 * Asks both services `target` twice (the first request of a token and app goes through Fastify
 * and fills its caches); returns the second answers and how many of them the fast path took.
 */
async function askBoth(
  fast: Service,
  route: Service,
  target: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ fast: RawAnswer; route: RawAnswer; took: number }> {
  await rawRequest(fast, target, headers, method);
  const before = taken(fast);
  const answers = {
    fast: await rawRequest(fast, target, headers, method),
    route: await rawRequest(route, target, headers, method),
  };
  return { ...answers, took: taken(fast) - before };
}

describe('the waiting tail fast path', () => {
  let fast: Service;
  let route: Service;

  beforeAll(async () => {
    fast = await startService({});
    route = await startService({ waitFastPath: false });
  });

  afterAll(async () => {
    await fast.app.close();
    await route.app.close();
  });

  it('answers what the route answers, byte for byte', async () => {
    const { key, since } = await newApp();
    const queries = [
      `since=${since}&wait=5`,
      `since=${since}&wait=25&limit=200`,
      `since=${since}&wait=5&level=warn&job=nightly`,
      `since=${since}&wait=5&q=two&unknown=ignored`,
      `since=${new Date(since * 1000).toISOString()}&wait=0.5`,
    ];
    for (const query of queries) {
      const answers = await askBoth(fast, route, `/api/apps/${key}/logs?${query}`, authHeaders());
      expect(answers.took, query).toBe(1);
      expect(answers.fast, query).toEqual(answers.route);
      expect(answers.fast.status).toBe('HTTP/1.1 200 OK');
    }
  });

  it('leaves every other request to the route, which answers it', async () => {
    const { key, since } = await newApp();
    const cases: Array<[target: string, status: number, headers?: Record<string, string>]> = [
      // Not a waiting tail.
      [`/api/apps/${key}/logs?since=${since}`, 200],
      [`/api/apps/${key}/logs?since=${since}&wait=0`, 200],
      [`/api/apps/${key}/logs?wait=5`, 400],
      [`/api/apps/${key}/logs?since=${since}&before=${since + 1}&wait=5`, 400],
      // What the router reads otherwise: a trailing slash, a percent-encoded key, a fragment.
      [`/api/apps/${key}/logs/?since=${since}&wait=5`, 200],
      [`/api/apps/${key.replace('-', '%2D')}/logs?since=${since}&wait=5`, 200],
      [`/api/apps/${key}/logs#x?since=${since}&wait=5`, 400],
      // Bad parameters: the route's 400s.
      [`/api/apps/${key}/logs?since=${since}&since=${since}&wait=5`, 400],
      [`/api/apps/${key}/logs?since=${since}&wait=31`, 400],
      [`/api/apps/${key}/logs?since=${since}&wait=soon`, 400],
      [`/api/apps/${key}/logs?since=${since}&wait=5&level=loud`, 400],
      [`/api/apps/${key}/logs?since=${since}&wait=5&limit=many`, 400],
      // Auth and apps the caches do not know.
      [`/api/apps/${key}/logs?since=${since}&wait=5`, 401, { Authorization: 'Bearer nope' }],
      [
        `/api/apps/${key}/logs?since=${since}&wait=5`,
        403,
        { ...authHeaders(api.acmeToken), 'X-Service-Site': 'demo' },
      ],
      [
        `/api/apps/${key}/logs?since=${since}&wait=5`,
        400,
        { Authorization: authHeaders().Authorization ?? '' },
      ],
      [`/api/apps/no-such-app/logs?since=${since}&wait=5`, 404],
      // A body on a GET.
      [
        `/api/apps/${key}/logs?since=${since}&wait=5`,
        200,
        { ...authHeaders(), 'Content-Length': '0' },
      ],
    ];
    for (const [target, status, headers = authHeaders()] of cases) {
      const answers = await askBoth(fast, route, target, headers);
      expect(answers.took, target).toBe(0);
      expect(answers.fast, target).toEqual(answers.route);
      expect(answers.fast.status, target).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    }
    const head = await askBoth(
      fast,
      route,
      `/api/apps/${key}/logs?since=${since}&wait=5`,
      authHeaders(),
      'HEAD',
    );
    expect(head.took).toBe(0);
    expect(head.fast).toEqual(head.route);
  });

  it('answers any query the route does, with the same bytes (property)', async () => {
    const { key, since } = await newApp();
    // Values a client may send, and some it should not: each is sent encoded, or as it is.
    const value = fc.oneof(
      fc.constantFrom(String(since), new Date(since * 1000).toISOString(), '0', '1e9', ' 5 '),
      fc.constantFrom('0.05', '31', '-1', 'soon', '', 'warn', 'WARN', 'fatal', 'two', 'nightly'),
      fc.constantFrom('"one two"', 'level:warn', 'level>=info', '200', '1', 'many'),
      fc.string({ maxLength: 12 }),
    );
    const raw = fc.constantFrom('%zz', '%', '+', '%2B', '%20', '&&', '==', 'a=b=c', '%00');
    const name = fc.constantFrom('since', 'before', 'level', 'q', 'job', 'limit', 'wait', 'other');
    const param = fc.oneof(
      fc.tuple(name, value).map(([field, text]) => `${field}=${encodeURIComponent(text)}`),
      fc.tuple(name, raw).map(([field, text]) => `${field}=${text}`),
      raw,
    );
    let tookSome = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(param, { maxLength: 4 }), async (params) => {
        // A waiting tail's query (a short wait: a filter that matches nothing answers empty
        // after 50 ms), with the random parameters after it.
        const target = [`/api/apps/${key}/logs?since=${since}&wait=0.05`, ...params].join('&');
        const answers = await askBoth(fast, route, target, authHeaders());
        tookSome += answers.took;
        expect(answers.fast, target).toEqual(answers.route);
      }),
      { numRuns: 120 },
    );
    // The fast path took part of them, and left the rest to the route.
    expect(tookSome).toBeGreaterThan(10);
    expect(tookSome).toBeLessThan(120);
    // 120 runs of three requests: 20 s of wall at load 55 on PostgreSQL; a hang guard only.
  }, 120_000);

  it('answers a failed read with the Error body the route answers', async () => {
    const failing = { on: false };
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        if (failing.on) throw new Error('the database went away');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const db = api.db.withPlugin(plugin);
    const fastFailing = await startService({ db });
    const routeFailing = await startService({ db, waitFastPath: false });
    try {
      const { key } = await newApp();
      // Fill both services' caches (token, membership, app id) while the database answers.
      for (const service of [fastFailing, routeFailing]) {
        await rawRequest(service, `/api/apps/${key}/logs?since=0`, authHeaders());
      }
      failing.on = true;
      // No follow knows the app yet: the wait reads its page, and the read fails.
      const target = `/api/apps/${key}/logs?since=0&wait=5`;
      const fastAnswer = await rawRequest(fastFailing, target, authHeaders());
      const routeAnswer = await rawRequest(routeFailing, target, authHeaders());
      expect(taken(fastFailing)).toBe(1);
      expect(fastAnswer).toEqual(routeAnswer);
      expect(fastAnswer.status).toBe('HTTP/1.1 500 Internal Server Error');
      expect(JSON.parse(fastAnswer.body)).toEqual({
        message: 'Internal server error',
        code: 500,
        errors: [],
      });
    } finally {
      failing.on = false;
      await fastFailing.app.close();
      await routeFailing.app.close();
    }
  });

  it('is off with CORS on (@fastify/cors adds headers to every answer)', async () => {
    const cors = await startService({ corsOrigins: ['https://admin.example'] });
    try {
      expect(cors.app.waitFastPath).toBeNull();
    } finally {
      await cors.app.close();
    }
  });

  it('is off while Fastify logs requests (its request lines would miss the fast answers)', async () => {
    const logged = await startService({
      logger: { level: 'info', stream: { write: () => undefined } },
    });
    try {
      expect(logged.app.waitFastPath).toBeNull();
    } finally {
      await logged.app.close();
    }
  });
});
