import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema } from '../../../contract/schemas/app-log';
import { logVolumeSchema } from '../../../contract/schemas/app-log-volume';
import { logContextSchema, logJobsSchema } from '../../../contract/schemas/app-log-find';
import { errorBodySchema } from '../../../contract/schemas/error';
import type { LogIngestEntry } from '../store/app-logs-rows';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows } from '../store/app-logs-write';
import { formatLogId } from '../store/app-logs-page';
import { AuthFailureLimiter } from '../../access/auth-limiter';
import { buildApp } from '../../platform/app';
import { insertApp } from '../../apps/store/apps';
import { createSite, ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { appFixture } from '../../platform/test-support.test-helper';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';

let BASE = '';
let database: TestDatabase;
let server: FastifyInstance;
let token: string;
let appId = 0;
let manyId = 0;
const KEY = 'find-app';
const MANY = 'many-jobs';
const T0 = 1_795_000_000;
const ids: number[] = [];
/** More names than the old cap of 20 names a pattern could match. */
const MANY_NAMES = 21;

function at(second: number, entry: LogIngestEntry, app = appId) {
  return toLogRow(app, entry, (T0 + second) * 1_000_000);
}
const job = (name: string) => ({ job: { name } });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await createSite(db, 'demo', 'Demo');
  const userId = await findOrCreateUser(db, 'find@example.com');
  await ensureMembership(db, userId, 'demo');
  token = await issueToken(db, userId);
  appId = await insertApp(
    db,
    'demo',
    appFixture(KEY, {
      jobs: [{ name: 'Nightly-Report', updated_at: '2026-01-01T00:00:00.000Z' }],
    }),
  );
  const placed = await placeLogRows(db, [
    at(1, { level: 'info', data: 'a', context: job('sync-inventory') }),
    at(2, { level: 'error', data: 'b', context: job('sync-orders') }),
    at(3, { level: 'debug', data: 'c' }),
    at(4, { level: 'warn', data: 'd', context: job('resync') }),
    at(5, { level: 'info', data: 'e', context: job('sync-inventory') }),
    at(6, { level: 'fatal', data: 'f', context: job('cleanup') }),
  ]);
  ids.push(...placed.map((row) => row.id));
  manyId = await insertApp(db, 'demo', appFixture(MANY));
  await placeLogRows(
    db,
    Array.from({ length: MANY_NAMES }, (_, index) =>
      at(index, { level: 'info', data: 'x', context: job(`job-${String(index)}`) }, manyId),
    ),
  );
  server = await buildApp({ db, staticDir: null, authLimiter: new AuthFailureLimiter(1000) });
  BASE = `${await server.listen({ port: 0, host: '127.0.0.1' })}/api`;
});

afterAll(async () => {
  await server.close();
  await database.destroy();
});

async function get(path: string, query: Record<string, string> = {}) {
  const response = await fetch(`${BASE}${path}?${new URLSearchParams(query)}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': 'demo' },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function entries(query: Record<string, string>): Promise<string[]> {
  const { status, body } = await get(`/apps/${KEY}/logs`, { since: String(T0), ...query });
  expect(status).toBe(200);
  return z
    .array(appLogEntrySchema)
    .parse(body)
    .map((entry) => (typeof entry.data === 'string' ? entry.data : ''));
}

async function badRequest(path: string, query: Record<string, string>, field: string) {
  const { status, body } = await get(path, query);
  expect(status).toBe(400);
  const error = errorBodySchema.parse(body);
  expect(error.errors.map((detail) => detail.field)).toContain(field);
  return error;
}

describe('job_match on GET /apps/{app_id}/logs', () => {
  it('is exact without job_match, as the spec has it', async () => {
    expect(await entries({ job: 'sync' })).toEqual([]);
    expect(await entries({ job: 'sync-inventory' })).toEqual(['a', 'e']);
    expect(await entries({ job: 'sync-inventory', job_match: 'exact' })).toEqual(['a', 'e']);
  });

  it('finds every job that starts with the prefix, ignoring case, in time order', async () => {
    expect(await entries({ job: 'SYNC', job_match: 'prefix' })).toEqual(['a', 'b', 'e']);
    expect(await entries({ job: 'sync', job_match: 'prefix', level: 'error' })).toEqual(['b']);
  });

  it('finds every job that contains the text', async () => {
    expect(await entries({ job: 'sync', job_match: 'contains' })).toEqual(['a', 'b', 'd', 'e']);
    // Newest first without since, merged across the jobs' walks.
    const { body } = await get(`/apps/${KEY}/logs`, { job: 'ync', job_match: 'contains' });
    expect(
      z
        .array(appLogEntrySchema)
        .parse(body)
        .map((entry) => entry.data),
    ).toEqual(['e', 'd', 'b', 'a']);
  });

  it('answers no entries for a pattern no job matches, and searches within the matches', async () => {
    expect(await entries({ job: 'nothing', job_match: 'prefix' })).toEqual([]);
    expect(await entries({ job: 'sync', job_match: 'prefix', q: 'level:error' })).toEqual(['b']);
  });

  it('holds a waiting tail to the pattern', async () => {
    const { status, body } = await get(`/apps/${KEY}/logs`, {
      since: String(T0 + 1.5),
      wait: '0.1',
      job: 'sync',
      job_match: 'prefix',
    });
    expect(status).toBe(200);
    expect(
      z
        .array(appLogEntrySchema)
        .parse(body)
        .map((entry) => entry.data),
    ).toEqual(['b', 'e']);
  });

  it('is a 400 Error body for a bad mode and a mode without job', async () => {
    await badRequest(`/apps/${KEY}/logs`, { job: 'sync', job_match: 'regex' }, 'job_match');
    await badRequest(`/apps/${KEY}/logs`, { job_match: 'prefix' }, 'job_match');
  });

  it('has no cap on the names a pattern matches (issue 42)', async () => {
    const { status, body } = await get(`/apps/${MANY}/logs`, {
      job: 'job',
      job_match: 'prefix',
      limit: '100',
    });
    expect(status).toBe(200);
    expect(z.array(appLogEntrySchema).parse(body)).toHaveLength(MANY_NAMES);
  });
});

describe('job_match on GET /apps/{app_id}/logs/volume', () => {
  it('counts the entries of every matching job', async () => {
    const { status, body } = await get(`/apps/${KEY}/logs/volume`, {
      since: String(T0),
      before: String(T0 + 60),
      buckets: '1',
      job: 'sync',
      job_match: 'prefix',
    });
    expect(status).toBe(200);
    const counts = logVolumeSchema.parse(body).buckets[0]?.counts;
    expect(counts).toMatchObject({ info: 2, error: 1, warn: 0 });
    await badRequest(`/apps/${KEY}/logs/volume`, { job: 'x', job_match: 'nope' }, 'job_match');
  });
});

describe('GET /apps/{app_id}/logs/jobs', () => {
  it("lists the log's and the definition's job names, with the newest entry's time", async () => {
    const { status, body } = await get(`/apps/${KEY}/logs/jobs`);
    expect(status).toBe(200);
    const { jobs, truncated } = logJobsSchema.parse(body);
    expect(jobs.map((item) => item.name)).toEqual([
      'cleanup',
      'Nightly-Report',
      'resync',
      'sync-inventory',
      'sync-orders',
    ]);
    expect(jobs.find((item) => item.name === 'sync-inventory')).toEqual({
      name: 'sync-inventory',
      last_seen: T0 + 5,
      defined: false,
    });
    expect(jobs.find((item) => item.name === 'Nightly-Report')).toEqual({
      name: 'Nightly-Report',
      last_seen: null,
      defined: true,
    });
    expect(truncated).toBe(false);
  });

  it('filters by prefix and contains and says when a limit cut the list', async () => {
    const byPrefix = logJobsSchema.parse(
      (await get(`/apps/${KEY}/logs/jobs`, { prefix: 'Sy' })).body,
    );
    expect(byPrefix.jobs.map((item) => item.name)).toEqual(['sync-inventory', 'sync-orders']);
    const limited = logJobsSchema.parse(
      (await get(`/apps/${KEY}/logs/jobs`, { contains: 'SYNC', limit: '2' })).body,
    );
    expect(limited).toMatchObject({ truncated: true });
    expect(limited.jobs.map((item) => item.name)).toEqual(['resync', 'sync-inventory']);
  });

  it('leaves out a name stored before names were bounded: the page stays small', async () => {
    const longId = await insertApp(database.db, 'demo', appFixture('long-job-names'));
    await placeLogRows(database.db, [
      at(1, { level: 'info', data: 'x', context: job('x'.repeat(1_000)) }, longId),
      at(2, { level: 'info', data: 'y', context: job('short') }, longId),
    ]);
    const response = await fetch(`${BASE}/apps/long-job-names/logs/jobs`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': 'demo' },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(logJobsSchema.parse(JSON.parse(text)).jobs.map((item) => item.name)).toEqual(['short']);
    expect(text.length).toBeLessThan(500);
  });

  it('is a 400 for a bad limit and a 404 for an unknown app', async () => {
    await badRequest(`/apps/${KEY}/logs/jobs`, { limit: 'many' }, 'limit');
    await badRequest(`/apps/${KEY}/logs/jobs`, { limit: '0' }, 'limit');
    const { status, body } = await get('/apps/nope/logs/jobs');
    expect(status).toBe(404);
    errorBodySchema.parse(body);
  });
});

describe('GET /apps/{app_id}/logs/{id}/context', () => {
  it('answers the neighbours in the whole log, whatever their level or job', async () => {
    const { status, body } = await get(`/apps/${KEY}/logs/${formatLogId(ids[2] ?? 0)}/context`, {
      before: '1',
      after: '2',
    });
    expect(status).toBe(200);
    const context = logContextSchema.parse(body);
    expect(context.entry.data).toBe('c');
    expect(context.before.map((entry) => entry.data)).toEqual(['b']);
    expect(context.after.map((entry) => entry.data)).toEqual(['d', 'e']);
    expect(context).toMatchObject({ has_more_before: true, has_more_after: true });
  });

  it('stops at the ends of the log', async () => {
    const { body } = await get(`/apps/${KEY}/logs/${formatLogId(ids[0] ?? 0)}/context`);
    const context = logContextSchema.parse(body);
    expect(context.before).toEqual([]);
    expect(context.after.map((entry) => entry.data)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(context).toMatchObject({ has_more_before: false, has_more_after: false });
  });

  it("is a 404 Error body for an unknown id, another app's entry and a malformed id", async () => {
    for (const path of [
      `/apps/${KEY}/logs/${formatLogId(999_999)}/context`,
      `/apps/${MANY}/logs/${formatLogId(ids[0] ?? 0)}/context`,
      `/apps/${KEY}/logs/not-an-id/context`,
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      errorBodySchema.parse(body);
    }
    await badRequest(
      `/apps/${KEY}/logs/${formatLogId(ids[0] ?? 0)}/context`,
      { before: '-1' },
      'before',
    );
  });
});
