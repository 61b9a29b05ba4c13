import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema, type AppLogEntry } from '../../../contract/schemas/app-log';
import { errorBodySchema, type ErrorBody } from '../../../contract/schemas/error';
import { AuthFailureLimiter } from '../../access/auth-limiter';
import { buildApp } from '../../platform/app';
import { insertApp } from '../../apps/store/apps';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows, pruneLogs } from '../store/app-logs-write';
import { createSite, ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { appFixture } from '../../platform/test-support.test-helper';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';

// Set when the service listens (a free port: the SQLite and PostgreSQL projects run at once).
let BASE = '';
let database: TestDatabase;
let db: Db;
let server: FastifyInstance;
let token: string;
let appCount = 0;

async function createApp(site: string): Promise<{ id: number; key: string }> {
  appCount += 1;
  const key = `logs-app-${appCount}`;
  const id = await insertApp(db, site, appFixture(key));
  return { id, key };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await createSite(db, 'demo', 'Demo');
  await createSite(db, 'other', 'Other');
  const userId = await findOrCreateUser(db, 'logs@example.com');
  await ensureMembership(db, userId, 'demo');
  token = await issueToken(db, userId);
  server = await buildApp({ db, staticDir: null, authLimiter: new AuthFailureLimiter(1000) });
  BASE = `${await server.listen({ port: 0, host: '127.0.0.1' })}/api`;
});

afterAll(async () => {
  await server.close();
  await database.destroy();
});

const headers = (extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${token}`,
  'X-Service-Site': 'demo',
  ...extra,
});

async function getLogs(key: string, query: Record<string, string> = {}) {
  const response = await fetch(`${BASE}/apps/${key}/logs?${new URLSearchParams(query)}`, {
    headers: headers(),
  });
  return { status: response.status, response, body: (await response.json()) as unknown };
}

async function entries(key: string, query: Record<string, string> = {}): Promise<AppLogEntry[]> {
  const { status, body } = await getLogs(key, query);
  expect(status).toBe(200);
  return z.array(appLogEntrySchema).parse(body);
}

async function post(key: string, body: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${BASE}/apps/${key}/logs`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json', ...extra }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function errorOf(body: unknown): ErrorBody {
  return errorBodySchema.parse(body);
}

describe('POST /apps/:app_id/logs', () => {
  it('stores a batch (levels in any case, warning for warn) and answers 201, times strictly increasing', async () => {
    const { key } = await createApp('demo');
    const { status, body } = await post(key, {
      logs: [
        { level: 'INFO', data: { message: 'Order 1 paid' } },
        { level: 'Warning', data: 'plain text entry', context: { job: { name: 'sync' } } },
        { level: 'error', data: {}, created_at: '2026-05-01T12:00:00+02:00' },
      ],
    });
    expect(status).toBe(201);
    const stored = z.array(appLogEntrySchema).parse(body);
    expect(stored.map((e) => e.level)).toEqual(['info', 'warn', 'error']);
    expect(stored[1]!.data).toBe('plain text entry');
    expect(stored[1]!.context).toEqual({ job: { name: 'sync' } });
    expect(stored[0]!.context).toBeNull();
    expect(stored[2]!.created_at).toBe('2026-05-01T10:00:00.000Z');
    expect(stored[0]!.created_at).toBe(new Date(Math.floor(stored[0]!.time * 1000)).toISOString());
    expect(stored[1]!.time).toBeGreaterThan(stored[0]!.time);
    expect(stored[2]!.time).toBeGreaterThan(stored[1]!.time);
    expect(new Set(stored.map((e) => e.id)).size).toBe(3);
    expect(Math.abs(stored[0]!.time - Date.now() / 1000)).toBeLessThan(60);
    // What GET answers is exactly what POST answered.
    expect(await entries(key, { since: '0' })).toEqual(stored);
  });

  it('answers 201 with the JSON that serializing the stored entries gives, byte for byte', async () => {
    const { key } = await createApp('demo');
    const response = await fetch(`${BASE}/apps/${key}/logs`, {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({
        logs: [
          { level: 'info', data: { text: 'é \u2028 "quoted" \\ \u0000', n: [1e21, -0, 0.1] } },
          { level: 'debug', data: 'line\nbreak', context: { deep: { a: [null, true] } } },
        ],
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const stored = z.array(appLogEntrySchema).parse(JSON.parse(text));
    // Entry objects in the schema's key order, through JSON.stringify: what the route sent
    // before its answer was built from the stored JSON texts.
    const serialized = stored.map(({ id, level, data, context, created_at, time }) => ({
      id,
      level,
      data,
      context,
      created_at,
      time,
    }));
    expect(text).toBe(JSON.stringify(serialized));
    expect(await entries(key, { since: '0' })).toEqual(stored);
  });

  it('keeps times increasing and batches whole across concurrent posts, so since-polling misses nothing', async () => {
    const { key } = await createApp('demo');
    const batch = (tag: string) => ({
      logs: Array.from({ length: 100 }, (_, i) => ({ level: 'debug', data: { tag, i } })),
    });
    let cursor = '0';
    const seen = new Set<string>();
    const poll = async () => {
      const page = await entries(key, { since: cursor, limit: '200' });
      for (const entry of page) seen.add(entry.id);
      if (page.length > 0) cursor = String(page[page.length - 1]!.time);
    };
    const posts = ['a', 'b', 'c', 'd', 'e'].map((tag) => post(key, batch(tag)));
    await Promise.all([...posts, poll(), poll()]);
    for (let i = 0; i < 5; i += 1) await poll();
    expect(seen.size).toBe(500);
    const all = await entries(key, { since: '0', limit: '200' });
    expect(all.map((e) => e.time)).toEqual([...all.map((e) => e.time)].sort((a, b) => a - b));
    const tags = all.map((e) => (e.data as { tag: string }).tag);
    expect(tags.filter((tag, i) => i === 0 || tags[i - 1] !== tag)).toHaveLength(2);
  });

  it('rejects the whole batch when one entry is bad, naming its index', async () => {
    const { key } = await createApp('demo');
    const logs = [
      { level: 'info', data: 'ok' },
      { level: 'info', data: { fine: true } },
      { level: 'error', data: 'ok' },
      { level: 'loud', data: 'bad level' },
    ];
    const { status, body } = await post(key, { logs });
    expect(status).toBe(422);
    const error = errorOf(body);
    expect(error.code).toBe(422);
    expect(error.errors.map((e) => e.field)).toEqual(['logs.3.level']);
    expect(error.errors[0]!.resource).toBe('log');
    expect(await entries(key)).toEqual([]);

    const badData = await post(key, { logs: [{ level: 'info', data: [1, 2] }] });
    expect(badData.status).toBe(422);
    expect(errorOf(badData.body).errors[0]!.field).toBe('logs.0.data');
    const badDate = await post(key, {
      logs: [{ level: 'info', data: 'x', created_at: 'yesterday' }],
    });
    expect(errorOf(badDate.body).errors[0]!.field).toBe('logs.0.created_at');
    const missing = await post(key, { logs: [{ data: 'x' }] });
    expect(errorOf(missing.body).errors[0]!.field).toBe('logs.0.level');
    expect(await entries(key)).toEqual([]);
  });

  it('accepts 1 to 1000 entries', async () => {
    const { key } = await createApp('demo');
    expect((await post(key, { logs: [] })).status).toBe(422);
    expect(errorOf((await post(key, {})).body).errors[0]!.field).toBe('logs');
    const many = (n: number) => ({
      logs: Array.from({ length: n }, () => ({ level: 'info', data: 'x' })),
    });
    const over = await post(key, many(1001));
    expect(over.status).toBe(422);
    expect(errorOf(over.body).errors[0]!.field).toBe('logs');
    const full = await post(key, many(1000));
    expect(full.status).toBe(201);
    expect(full.body).toHaveLength(1000);
  });

  it('answers 400 on malformed JSON and 415 on a body that is not JSON', async () => {
    const { key } = await createApp('demo');
    expect((await post(key, '{"logs": [')).status).toBe(400);
    const text = await post(key, 'hello', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(errorOf(text.body).code).toBe(415);
  });
});

describe('GET /apps/:app_id/logs', () => {
  let key: string;
  let stored: AppLogEntry[];
  let appId: number;

  beforeAll(async () => {
    const app = await createApp('demo');
    key = app.key;
    appId = app.id;
    const logs = [
      { level: 'debug', data: { message: 'Cache warmed' } },
      { level: 'info', data: { message: 'Order 1001 paid', user: 'Ada' } },
      { level: 'warn', data: 'Payment retry scheduled', context: { job: { name: 'payments' } } },
      {
        level: 'error',
        data: { message: 'FAILED: Payment for order 1002' },
        context: { job: { name: 'payments' } },
      },
      { level: 'fatal', data: 'Worker crashed', context: { job: { name: 'mailer' } } },
      { level: 'unknown', data: { note: 'payment failed twice' } },
    ];
    const { body } = await post(key, { logs });
    stored = z.array(appLogEntrySchema).parse(body);
    // One entry 25 hours old: outside the q window unless since is given.
    await placeLogRows(db, [
      toLogRow(
        appId,
        { level: 'error', data: 'old payment failed' },
        (Date.now() - 25 * 3600e3) * 1000,
      ),
    ]);
  });

  const dataOf = (list: AppLogEntry[]) => list.map((e) => e.data);

  it('answers newest first without since, ascending with since (inclusive) and before exclusive', async () => {
    const newest = await entries(key);
    expect(newest).toHaveLength(7);
    expect(newest.slice(0, 6)).toEqual([...stored].reverse());
    const fromThird = await entries(key, { since: String(stored[2]!.time) });
    expect(fromThird).toEqual(stored.slice(2));
    const beforeThird = await entries(key, {
      before: String(stored[2]!.time),
      since: String(stored[0]!.time),
    });
    expect(beforeThird).toEqual(stored.slice(0, 2));
    expect(newest[0]!.id > newest[1]!.id).toBe(true);
  });

  it('accepts ISO 8601 bounds', async () => {
    const iso = new Date(Math.floor(stored[0]!.time * 1000)).toISOString();
    expect(await entries(key, { since: iso })).toEqual(stored);
    const future = new Date(Date.now() + 3600e3).toISOString().replace('Z', '+00:00');
    expect(await entries(key, { since: future })).toEqual([]);
    expect(await entries(key, { before: '2000-01-01T00:00:00Z' })).toEqual([]);
  });

  it('filters by minimum level, case-insensitive', async () => {
    expect((await entries(key, { level: 'ERROR', since: '0' })).map((e) => e.level)).toEqual([
      'error',
      'error',
      'fatal',
      'unknown',
    ]);
    expect(await entries(key, { level: 'debug' })).toHaveLength(7);
  });

  it('filters by job name', async () => {
    expect(dataOf(await entries(key, { job: 'payments', since: '0' }))).toEqual([
      stored[2]!.data,
      stored[3]!.data,
    ]);
    expect(await entries(key, { job: 'nope' })).toEqual([]);
  });

  it('limits: default 100, clamped to 1..200', async () => {
    const { key: busy } = await createApp('demo');
    await post(busy, {
      logs: Array.from({ length: 250 }, (_, i) => ({ level: 'info', data: { i } })),
    });
    expect(await entries(busy)).toHaveLength(100);
    expect(await entries(busy, { limit: '500' })).toHaveLength(200);
    expect(await entries(busy, { limit: '0' })).toHaveLength(1);
    expect(await entries(busy, { limit: '-3' })).toHaveLength(1);
    expect(await entries(busy, { limit: '17' })).toHaveLength(17);
    const newestFirst = await entries(busy, { limit: '2' });
    expect(dataOf(newestFirst)).toEqual([{ i: 249 }, { i: 248 }]);
  });

  it('searches q: every word, "phrases", level:NAME, any case, 24 h unless since', async () => {
    expect(dataOf(await entries(key, { q: 'PAYMENT failed' }))).toEqual([
      stored[5]!.data,
      stored[3]!.data,
    ]);
    expect(dataOf(await entries(key, { q: '"payment failed"' }))).toEqual([stored[5]!.data]);
    expect(dataOf(await entries(key, { q: 'payment level:Error' }))).toEqual([stored[3]!.data]);
    expect(dataOf(await entries(key, { q: 'level:warn' }))).toEqual([stored[2]!.data]);
    // context is searched too
    expect(dataOf(await entries(key, { q: 'mailer' }))).toEqual([stored[4]!.data]);
    expect(dataOf(await entries(key, { q: 'ada paid' }))).toEqual([stored[1]!.data]);
    // the 25 h old entry is outside the window, inside an explicit range
    expect(dataOf(await entries(key, { q: 'old' }))).toEqual([]);
    expect(dataOf(await entries(key, { q: 'old', since: '0' }))).toEqual(['old payment failed']);
    const before = String(Date.now() / 1000 - 24 * 3600);
    expect(dataOf(await entries(key, { q: 'old', before }))).toEqual(['old payment failed']);
  });

  it('answers 400 naming the parameter for a bad limit, since, before, level or q', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ limit: 'ten' }, 'limit'],
      [{ since: 'yesterday' }, 'since'],
      [{ before: '2026-13-01T00:00:00Z' }, 'before'],
      [{ level: 'loud' }, 'level'],
      [{ q: 'level:loud' }, 'q'],
      // were 500s: SQLite's expression limit, and FTS5 reading a NUL as the end of a string
      [{ q: Array.from({ length: 998 }, (_, i) => `t${i}`).join(' ') }, 'q'],
      [{ q: 'nul\u0000byte', since: '0' }, 'q'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await getLogs(key, query);
      expect(status).toBe(400);
      const error = errorOf(body);
      expect(error.code).toBe(400);
      expect(error.errors[0]!.field).toBe(field);
    }
    const twice = await fetch(`${BASE}/apps/${key}/logs?level=info&level=warn`, {
      headers: headers(),
    });
    expect(twice.status).toBe(400);
    expect(errorOf(await twice.json()).errors[0]!.field).toBe('level');
  });

  it('never answers a repeated page from before a new entry or a prune', async () => {
    const { key: fresh, id } = await createApp('demo');
    await post(fresh, { logs: [{ level: 'info', data: 'first' }] });
    expect(dataOf(await entries(fresh))).toEqual(['first']);
    expect(dataOf(await entries(fresh))).toEqual(['first']);
    await post(fresh, { logs: [{ level: 'info', data: 'second' }] });
    expect(dataOf(await entries(fresh))).toEqual(['second', 'first']);
    // pruning (here: by another connection, like another process) removes the oldest
    const other = openDatabase(database.url);
    const first = (await entries(fresh, { since: '0' }))[0]!;
    await pruneLogs(other, first.time + 1e-6);
    await other.destroy();
    expect(dataOf(await entries(fresh))).toEqual(['second']);
    expect(id).toBeGreaterThan(0);
  });

  it('sends JSON that the contract accepts', async () => {
    const { response } = await getLogs(key);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('access', () => {
  it('hides another site’s app and unknown apps as 404', async () => {
    const foreign = await createApp('other');
    await placeLogRows(db, [
      toLogRow(foreign.id, { level: 'info', data: 'secret' }, Date.now() * 1000),
    ]);
    for (const path of [foreign.key, 'no-such-app']) {
      const get = await getLogs(path);
      expect(get.status).toBe(404);
      expect(errorOf(get.body).code).toBe(404);
      const created = await post(path, { logs: [{ level: 'info', data: 'x' }] });
      expect(created.status).toBe(404);
    }
    const count = await db
      .selectFrom('app_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('needs a token (401) and the site header (400)', async () => {
    const { key } = await createApp('demo');
    const noToken = await fetch(`${BASE}/apps/${key}/logs`, {
      headers: { 'X-Service-Site': 'demo' },
    });
    expect(noToken.status).toBe(401);
    const noSite = await fetch(`${BASE}/apps/${key}/logs`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(noSite.status).toBe(400);
    expect(errorOf(await noSite.json()).errors[0]!.field).toBe('X-Service-Site');
    const notMember = await fetch(`${BASE}/apps/${key}/logs`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': 'other' },
    });
    expect(notMember.status).toBe(403);
  });

  it('lists both routes with their error responses in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${BASE}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const path = doc.paths['/api/apps/{app_id}/logs'];
    expect(path).toBeDefined();
    expect(Object.keys(path!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    expect(Object.keys(path!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '404', '413', '415', '422']),
    );
  });
});
