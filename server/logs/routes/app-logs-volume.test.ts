import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../../http/errors';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import { logVolumeSchema, type LogVolume } from '../../../contract/schemas/app-log-volume';
import type { LogIngestEntry } from '../store/app-logs-rows';
import { errorBodySchema } from '../../../contract/schemas/error';
import { AuthFailureLimiter } from '../../access/auth-limiter';
import { buildApp } from '../../platform/app';
import { insertApp } from '../../apps/store/apps';
import { toLogRow } from '../store/app-logs-rows';
import { placeLogRows } from '../store/app-logs-write';
import { countLogVolume, selectLogVolume } from '../store/app-logs-volume';
import { parseVolumeQuery } from './log-query-params';
import { createSite, ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { appFixture } from '../../platform/test-support.test-helper';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../../database/test-database.test-helper';
import { CompiledQuery } from 'kysely';

let BASE = '';
let database: TestDatabase;
let server: FastifyInstance;
let token: string;
let appId = 0;
const KEY = 'volume-app';
/** A whole minute, so the buckets below fall on round seconds. */
const T0 = 1_795_000_000;

/** Stores one entry at `T0 + second` (plus `us` µs, to keep times unique). */
function row(second: number, entry: LogIngestEntry, us = 0) {
  return toLogRow(appId, entry, (T0 + second) * 1_000_000 + us);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await createSite(db, 'demo', 'Demo');
  const userId = await findOrCreateUser(db, 'volume@example.com');
  await ensureMembership(db, userId, 'demo');
  token = await issueToken(db, userId);
  appId = await insertApp(db, 'demo', appFixture(KEY));
  await placeLogRows(db, [
    row(5, { level: 'info', data: { message: 'started', path: '/a' } }),
    row(15, { level: 'info', data: 'plain' }),
    row(15, { level: 'error', data: { message: 'payment failed' } }, 1),
    row(15, { level: 'error', data: { message: 'payment failed' } }, 2),
    row(25, {
      level: 'warn',
      data: { message: 'slow' },
      context: { job: { name: 'sync' } },
    }),
    // Outside [T0, T0 + 30).
    row(30, { level: 'fatal', data: 'after' }),
    row(-1, { level: 'fatal', data: 'before' }),
  ]);
  server = await buildApp({ db, staticDir: null, authLimiter: new AuthFailureLimiter(1000) });
  BASE = `${await server.listen({ port: 0, host: '127.0.0.1' })}/api`;
});

afterAll(async () => {
  await server.close();
  await database.destroy();
});

async function getVolume(query: Record<string, string>, key = KEY) {
  const response = await fetch(`${BASE}/apps/${key}/logs/volume?${new URLSearchParams(query)}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': 'demo' },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function volume(query: Record<string, string>): Promise<LogVolume> {
  const { status, body } = await getVolume(query);
  expect(status).toBe(200);
  return logVolumeSchema.parse(body);
}

const range = { since: String(T0), before: String(T0 + 30), buckets: '3' };

/** Per bucket: the levels that have entries, with their counts. */
function counts(result: LogVolume) {
  return result.buckets.map((bucket) =>
    Object.fromEntries(Object.entries(bucket.counts).filter(([, count]) => count > 0)),
  );
}

describe('GET /apps/:app_id/logs/volume', () => {
  it('counts entries per level in equal buckets of [since, before)', async () => {
    const result = await volume(range);
    expect(result).toMatchObject({ since: T0, before: T0 + 30, bucket_seconds: 10 });
    expect(result.buckets.map((bucket) => bucket.start)).toEqual([T0, T0 + 10, T0 + 20]);
    expect(counts(result)).toEqual([{ info: 1 }, { info: 1, error: 2 }, { warn: 1 }]);
    expect(result.buckets[0]?.counts).toEqual({
      debug: 0,
      info: 1,
      warn: 0,
      error: 0,
      fatal: 0,
      unknown: 0,
    });
  });

  it('applies the filters of the log query: level, job and q', async () => {
    expect(counts(await volume({ ...range, level: 'WARNING' }))).toEqual([
      {},
      { error: 2 },
      { warn: 1 },
    ]);
    expect(counts(await volume({ ...range, job: 'sync' }))).toEqual([{}, {}, { warn: 1 }]);
    expect(counts(await volume({ ...range, q: '"payment failed"' }))).toEqual([
      {},
      { error: 2 },
      {},
    ]);
    // Short words are scanned for, not looked up in the text index: the same rule.
    expect(counts(await volume({ ...range, q: '/a' }))).toEqual([{ info: 1 }, {}, {}]);
    expect(counts(await volume({ ...range, q: 'level:info' }))).toEqual([
      { info: 1 },
      { info: 1 },
      {},
    ]);
  });

  it('defaults to the 24 hours before now in 60 buckets', () => {
    const nowUs = (T0 + 86_400) * 1_000_000;
    expect(parseVolumeQuery({}, nowUs)).toEqual({
      sinceUs: T0 * 1_000_000,
      beforeUs: nowUs,
      buckets: 60,
    });
  });

  it('uses fewer buckets when the range has fewer microseconds', async () => {
    const result = await volume({ since: String(T0), before: String(T0 + 0.000002) });
    expect(result.buckets).toHaveLength(2);
  });

  it('answers the spec’s Error body for bad parameters and unknown apps', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ since: String(T0 + 10), before: String(T0) }, 'since'],
      [{ buckets: 'many' }, 'buckets'],
      [{ level: 'loud' }, 'level'],
      [{ q: 'x'.repeat(300) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await getVolume(query);
      expect(status).toBe(400);
      expect(errorBodySchema.parse(body).errors[0]?.field).toBe(field);
    }
    const missing = await getVolume({}, 'no-such-app');
    expect(missing.status).toBe(404);
    errorBodySchema.parse(missing.body);
  });

  it('clamps buckets to 1..240', async () => {
    expect((await volume({ ...range, buckets: '0' })).buckets).toHaveLength(1);
    expect((await volume({ ...range, buckets: '9999' })).buckets).toHaveLength(240);
  });

  it('stops a search past its time budget with a 400 too_slow', async () => {
    const filter = parseVolumeQuery({ ...range, q: 'plain' });
    const error: unknown = await countLogVolume(database.db, appId, filter, {
      timeBudgetMs: -1,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchBudgetExhausted);
    expect(errorAnswer(error, 'log', () => undefined).body).toMatchObject({
      code: 400,
      errors: [{ field: 'q', code: 'too_slow' }],
    });
  });
});

describe('the volume without q past its time budget', () => {
  it('stops reading the rows of split minutes with a 503 too_slow and Retry-After', async () => {
    // Boundaries at T0 + 10 and T0 + 20 split the minute of T0: its rows before them are read.
    const filter = parseVolumeQuery({ ...range, level: 'info' });
    const error: unknown = await countLogVolume(database.db, appId, filter, {
      timeBudgetMs: -1,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 503, headers: { 'Retry-After': '1' } });
    expect((error as { details: unknown[] }).details[0]).toMatchObject({
      field: 'level',
      code: 'too_slow',
    });
    // With time it answers.
    expect((await countLogVolume(database.db, appId, filter)).buckets).toHaveLength(3);
  });
});

describe.skipIf(testEngine !== 'sqlite')('the volume query plan', () => {
  it('counts from the (app, time, level) index alone without sorting, without q', async () => {
    const filter = parseVolumeQuery({ level: 'warn' });
    const compiled = selectLogVolume(database.db, 1, filter, 1_440_000_000, 0).compile();
    const result = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    const detail = result.rows.map((planRow) => planRow.detail).join('\n');
    expect(detail).not.toMatch(/TEMP B-TREE/);
    expect(detail).toMatch(
      /USING COVERING INDEX app_logs_app_time_level \(app_id=\? AND time_us>\? AND time_us<\?\)/,
    );
  });
});
