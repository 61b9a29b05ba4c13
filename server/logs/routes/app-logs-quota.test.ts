/**
 * Issue 26: ingestion had no volume limit (two clients stored 610,000 entries, 5.5 GB, in 15 s).
 * Each app has a quota of entries per minute and of stored bytes; past it a batch is refused
 * whole with 429, Retry-After and the Error body. The counts live in the database, so another
 * instance (here: another service on the same database, with its own connection) counts them too.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { AuthFailureLimiter } from '../../access/auth-limiter';
import { buildApp } from '../../platform/app';
import type { LogQuotaLimits } from '../waits/log-quota';
import { insertApp } from '../../apps/store/apps';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
const opened: Array<{ server: FastifyInstance; db: Db | null }> = [];

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  for (const { server, db } of opened) {
    await server.close();
    await db?.destroy();
  }
  await api.close();
});

/** A service instance with these limits: on the test's database, or on a connection of its own. */
async function instance(limits: Partial<LogQuotaLimits>, ownConnection = false) {
  const db = ownConnection ? openDatabase(api.databaseUrl) : null;
  const server = await buildApp({
    db: db ?? api.db,
    staticDir: null,
    authLimiter: new AuthFailureLimiter(1000),
    logQuota: { perMinute: 0, bytes: 0, bytesRetryAfterSeconds: 3600, ...limits },
  });
  opened.push({ server, db });
  const base = `${await server.listen({ port: 0, host: '127.0.0.1' })}/api`;
  const headers = { Authorization: `Bearer ${api.adminToken}`, 'X-Service-Site': 'demo' };
  return {
    post: async (key: string, count: number, text = 'x') => {
      const logs = Array.from({ length: count }, (_, i) => ({
        level: 'info',
        data: { message: `${text} ${String(i)}` },
      }));
      const response = await fetch(`${base}/apps/${key}/logs`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ logs }),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
    postRaw: async (key: string, body: string) => {
      const response = await fetch(`${base}/apps/${key}/logs`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
    stored: async (key: string) => {
      const response = await fetch(`${base}/apps/${key}/logs?limit=200`, { headers });
      return ((await response.json()) as unknown[]).length;
    },
  };
}

let appCounter = 0;
async function newApp(): Promise<string> {
  appCounter += 1;
  const key = `quota-app-${String(appCounter)}`;
  await insertApp(api.db, 'demo', appFixture(key));
  return key;
}

/** The per-minute count starts again each clock minute: start a test well inside one. */
async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((wake) => setTimeout(wake, left + 50));
}

function expectQuotaRefusal(
  answer: { status: number; headers: Headers; body: unknown },
  maxRetryAfter: number,
) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  const body = errorBodySchema.parse(answer.body);
  expect(body.code).toBe(429);
  expect(body.errors[0]).toMatchObject({ resource: 'log', field: 'logs', code: 'quota_exceeded' });
}

describe('the ingestion quota per minute', () => {
  it('refuses the batch that would pass it, whole, with 429 and Retry-After to the next minute', async () => {
    await awayFromMinuteEnd();
    const service = await instance({ perMinute: 5 });
    const key = await newApp();
    expect((await service.post(key, 3)).status).toBe(201);
    const refused = await service.post(key, 3);
    expectQuotaRefusal(refused, 60);
    expect(errorBodySchema.parse(refused.body).message).toContain('LOG_QUOTA_PER_MINUTE');
    expect(await service.stored(key)).toBe(3);
    // What still fits is stored.
    expect((await service.post(key, 2)).status).toBe(201);
    expect(await service.stored(key)).toBe(5);
    // A full minute refuses before the body is read: not even parsed (this one is not JSON).
    expectQuotaRefusal(await service.postRaw(key, '{"logs": ['), 60);
  });

  it('counts on every instance: another one on the same database refuses as well', async () => {
    await awayFromMinuteEnd();
    const first = await instance({ perMinute: 4 });
    const second = await instance({ perMinute: 4 }, true);
    const key = await newApp();
    expect((await first.post(key, 4)).status).toBe(201);
    expectQuotaRefusal(await second.post(key, 1), 60);
    expect(await second.stored(key)).toBe(4);
  });

  it('is off at 0: a flood is stored', async () => {
    const service = await instance({ perMinute: 0 });
    const key = await newApp();
    for (let i = 0; i < 3; i += 1) expect((await service.post(key, 1000)).status).toBe(201);
  });
});

describe('the ingestion quota of stored bytes', () => {
  it('refuses a batch past the app’s size, with Retry-After until retention runs again', async () => {
    // One entry of this text stores about 2 × 1,000 characters (data and its search text).
    const text = 'y'.repeat(1000);
    const service = await instance({ bytes: 9000, bytesRetryAfterSeconds: 3600 });
    const key = await newApp();
    expect((await service.post(key, 4, text)).status).toBe(201);
    const refused = await service.post(key, 1, text);
    expectQuotaRefusal(refused, 3600);
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    expect(await service.stored(key)).toBe(4);
    // Another app has its own quota.
    expect((await service.post(await newApp(), 4, text)).status).toBe(201);
  });

  it('reads the size from the database: another instance refuses too', async () => {
    const text = 'z'.repeat(1000);
    const first = await instance({ bytes: 9000 });
    const key = await newApp();
    expect((await first.post(key, 4, text)).status).toBe(201);
    const second = await instance({ bytes: 9000 }, true);
    expectQuotaRefusal(await second.post(key, 1, text), 3600);
  });
});
