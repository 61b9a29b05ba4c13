/**
 * `npm run bench:api`: the API benchmark (not a test). Fills a temp SQLite database with
 * 1,000,000 log entries over 7 days for one app plus noise in four other apps, then reports:
 * - in-process latency of the store (median, p99): tail, newest-first page, level, job, `q` over
 *   the 24 h window, and `q` over an explicit 7-day `since` range; the volume count over 24 h
 *   (60 and 240 buckets, a level, a job) and over the whole span, from the minute rollup beside
 *   the count from the rows (bench/api-volume.ts), and with `q` (its time budget applies);
 * - whole-request latency over HTTP (one connection, sequential) for the volume (without and
 *   with `q`), the tail and the page;
 * - ingestion rate through `POST /api/apps/:id/logs` in batches of 500;
 * - throughput of 200-entry pages over HTTP with autocannon (50 connections), for the real route
 *   and for two serialization variants (objects + JSON.stringify, objects + zod serializer).
 * The server runs in a child process (bench/api-server.ts) so autocannon does not share its
 * event loop. Options: BENCH_ENTRIES (default 1000000), BENCH_DURATION (autocannon seconds, 8),
 * BENCH_PORT (18210), BENCH_DATABASE_URL (a PostgreSQL URL whose role may create databases: the
 * same benchmark on a fresh database there, filled through the store's batch insert),
 * BENCH_ONLY=ingest (only the `q` rows of the store and the ingestion: what decision 023 changed),
 * BENCH_INGEST_BATCHES (batches of 500 ingested, 120).
 * On SQLite the ingestion also reports when the search indexer had caught up with it (decision
 * 023): the rate through HTTP counts until the last response, the indexed rate until then.
 * BENCH_SPAN_DAYS (7: the days the entries spread over; 1 puts them all in the volume's 24 h),
 * BENCH_ONLY=volume (the fill and the volume counts only), BENCH_VOLUME_SAMPLES (100).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { LogLevel } from '../src/api/schemas/app-log';
import { parseLogQuery, type RawLogQuery } from '../server/routes/app-logs-query';
import { queryLogs, toLogRow, type LogIngestEntry } from '../server/store/app-logs';
import { HttpError } from '../server/errors';
import { insertApp } from '../server/store/apps';
import { appFixture } from '../server/test-support.test-helper';
import { createPostgresDatabase } from '../server/test-database.test-helper';
import { ensureDayPartition } from '../server/store/app-logs-postgres';
import { insertLogRows } from '../server/store/app-logs';
import { migrateToLatest, openDatabase, type Db } from '../server/store/db';
import type { NewLogRow } from '../server/store/app-logs-table';
import { createSite, ensureMembership } from '../server/store/sites';
import { fillLogMinutes } from '../server/store/migrations/006-log-minutes';
import { benchVolumeStore } from './api-volume';
import { printStats, time, type Stat } from './latency';
import { findOrCreateUser, issueToken } from '../server/store/tokens';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const NOISE_APPS = 4;
const NOISE_PER_APP = Math.round(ENTRIES / 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 18210);
const DAY_US = 86_400_000_000;
const SPAN_US = Number(process.env.BENCH_SPAN_DAYS ?? 7) * DAY_US;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest';
const INGEST_BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 120);
/** `BENCH_ONLY=volume`: the fill, then only the volume counts (store and HTTP). */
const VOLUME_ONLY = process.env.BENCH_ONLY === 'volume';
const VOLUME_SAMPLES = Number(process.env.BENCH_VOLUME_SAMPLES ?? 100);

// ---------------------------------------------------------------------------------------------
// Deterministic, realistic entries.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (max: number) => Math.floor(random() * max);
const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');

const USERS = [
  'ada',
  'grace',
  'linus',
  'margaret',
  'ken',
  'barbara',
  'dennis',
  'frances',
  'alan',
  'edsger',
];
const JOBS = ['sync-orders', 'send-newsletter', 'reindex-search', 'cleanup-carts', 'import-feed'];
const HOSTS = ['hooks.example.com', 'erp.acme.test', 'crm.example.org'];

function makeEntry(): LogIngestEntry {
  const roll = random();
  let level: LogLevel;
  let data: LogIngestEntry['data'];
  if (roll < 0.2) {
    level = 'debug';
    data = { message: `Cache miss for product ${int(5000)}`, cache: 'products' };
  } else if (roll < 0.5) {
    level = 'info';
    data = {
      message: `GET /api/orders/${int(100_000)} 200 in ${int(300)}ms`,
      duration_ms: int(300),
    };
  } else if (roll < 0.8) {
    level = 'info';
    data = `Order ${int(100_000)} paid by ${pick(USERS)} (${int(500)}.${int(100)} EUR)`;
  } else if (roll < 0.92) {
    level = 'warn';
    data = {
      message: `Retrying webhook delivery to ${pick(HOSTS)} (attempt ${1 + int(5)})`,
      status: 502,
    };
  } else if (roll < 0.96) {
    level = 'error';
    data = {
      message: `Payment failed for order ${int(100_000)}: card declined`,
      user: pick(USERS),
    };
  } else if (roll < 0.98) {
    level = 'error';
    data = `Timeout calling inventory service after ${1000 + int(9000)}ms`;
  } else if (roll < 0.99) {
    level = 'fatal';
    data = { message: 'Worker out of memory', rss_mb: 900 + int(200) };
  } else {
    level = 'unknown';
    data = `unparsed: ${hex(24)}`;
  }
  const context =
    random() < 0.1
      ? { job: { name: pick(JOBS), id: hex(8), attempt: 1 + int(3) } }
      : { request_id: hex(12), ip: `10.0.${int(255)}.${int(255)}` };
  return { level, data, context };
}

// ---------------------------------------------------------------------------------------------
/** SQLite: the last row id in the search index (decision 023). */
async function watermark(db: Db): Promise<number> {
  const result = await sql<{
    indexed: number;
  }>`select indexed_id as indexed from app_logs_fts_state`.execute(db);
  return result.rows[0]?.indexed ?? 0;
}

// ---------------------------------------------------------------------------------------------
/** PostgreSQL: the span's day partitions, then batches through the store's insert (per app). */
async function fillPostgres(
  db: Db,
  startUs: number,
  rows: (put: (appId: number, timeUs: number) => void) => void,
): Promise<void> {
  for (let dayUs = startUs; dayUs < startUs + SPAN_US + DAY_US; dayUs += DAY_US) {
    await ensureDayPartition(db, dayUs);
  }
  const pending = new Map<number, NewLogRow[]>();
  const flush = async (appId: number) => {
    const batch = pending.get(appId) ?? [];
    pending.set(appId, []);
    if (batch.length > 0) await insertLogRows(db, batch);
  };
  const queued: Array<{ appId: number; timeUs: number }> = [];
  rows((appId, timeUs) => queued.push({ appId, timeUs }));
  for (const { appId, timeUs } of queued) {
    const batch = pending.get(appId) ?? [];
    batch.push(toLogRow(appId, makeEntry(), timeUs));
    pending.set(appId, batch);
    if (batch.length >= 5000) await flush(appId);
  }
  for (const appId of [...pending.keys()]) await flush(appId);
  await sql`analyze app_logs`.execute(db);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const postgres = POSTGRES_URL === '' ? undefined : await createPostgresDatabase(POSTGRES_URL);
  const file = postgres?.url ?? join(dir, 'bench.db');
  const results: Record<string, unknown> = {
    engine: postgres ? 'postgres' : 'sqlite',
    entries: ENTRIES,
    noise: NOISE_APPS * NOISE_PER_APP,
  };
  const db = openDatabase(file);
  let server: ReturnType<typeof fork> | undefined;
  try {
    await migrateToLatest(db);
    await createSite(db, 'bench', 'Bench');
    const userId = await findOrCreateUser(db, 'bench@example.com');
    await ensureMembership(db, userId, 'bench');
    const token = await issueToken(db, userId);
    const newApp = (key: string) => insertApp(db, 'bench', appFixture(key));
    const mainId = await newApp('main');
    const noiseIds: number[] = [];
    for (let i = 0; i < NOISE_APPS; i += 1) noiseIds.push(await newApp(`noise-${i}`));
    await newApp('ingest');

    // Fill: direct inserts in big transactions, rows built by the ingestion code (toLogRow).
    const fillStart = performance.now();
    const endUs = Date.now() * 1000 - 60_000_000; // a minute ago
    const startUs = endUs - SPAN_US;
    const step = SPAN_US / ENTRIES;
    const noiseEvery = Math.max(1, Math.round(ENTRIES / (NOISE_APPS * NOISE_PER_APP)));
    const everyRow = (put: (appId: number, timeUs: number) => void, from = 0, to = ENTRIES) => {
      for (let i = from; i < to; i += 1) {
        const timeUs = Math.floor(startUs + i * step);
        put(mainId, timeUs);
        if (i % noiseEvery === 0) put(noiseIds[(i / noiseEvery) % NOISE_APPS] as number, timeUs);
      }
    };
    if (postgres) await fillPostgres(db, startUs, everyRow);
    else {
      fillSqlite(file, everyRow);
      // The direct inserts skip the store, so the volume rollup is counted after them.
      await fillLogMinutes(db);
    }
    const fillSeconds = (performance.now() - fillStart) / 1000;
    results.fill_seconds = Number(fillSeconds.toFixed(1));
    console.log(`filled ${ENTRIES} + noise in ${fillSeconds.toFixed(1)} s`);

    // In-process latency of the store.
    const randomTime = (fromUs: number, toUs: number) =>
      (fromUs + random() * (toUs - fromUs)) / 1e6;
    // A search past its time budget (400 too_slow) counts with the time it took, and is counted.
    const timeouts: Record<string, number> = {};
    results.q_timeouts = timeouts;
    const store = (n: number, build: () => RawLogQuery, scanBudget?: number) =>
      time(n, () =>
        queryLogs(db, mainId, parseLogQuery(build()), { scanBudget }).catch((error: unknown) => {
          if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
          const key = String(scanBudget ?? 'default');
          timeouts[key] = (timeouts[key] ?? 0) + 1;
        }),
      );
    const searches = [
      'payment failed',
      'timeout',
      '"card declined"',
      'level:error inventory',
      'ada',
    ];
    const dbStats: Record<string, Stat> = {};
    // A `before` with 24 h of entries before it (the last hour of a one-day span).
    const windowBefore = () => randomTime(Math.min(startUs + DAY_US, endUs - 3_600e6), endUs);
    if (!VOLUME_ONLY && !ONLY_INGEST)
      Object.assign(dbStats, {
        tail: await store(1000, () => ({
          since: String(randomTime(startUs, endUs - 3_600e6)),
          limit: '200',
        })),
        page: await store(1000, () =>
          random() < 0.5
            ? { limit: '200' }
            : { before: String(randomTime(startUs + DAY_US, endUs)), limit: '200' },
        ),
        level_error: await store(300, () => ({
          level: 'error',
          before: String(randomTime(startUs + DAY_US, endUs)),
          limit: '200',
        })),
        job: await store(300, () => ({
          job: pick(JOBS),
          before: String(randomTime(startUs + DAY_US, endUs)),
          limit: '200',
        })),
      });
    // `q` by strategy: the chosen hybrid (scan budget, then the FTS index), scan only, index only.
    const rare = () => `${pick(USERS)} ${int(100_000)}`;
    const window = () => String(randomTime(startUs + DAY_US, endUs));
    const since7d = String(startUs / 1e6);
    for (const [strategy, budget] of VOLUME_ONLY
      ? []
      : ([
          ['', undefined],
          [' budget 5000', 5000],
          [' scan only', Infinity],
          [' fts only', 0],
        ] as const)) {
      dbStats[`q_24h${strategy}`] = await store(
        150,
        () => ({ q: pick(searches), before: window(), limit: '200' }),
        budget,
      );
      dbStats[`q_24h_rare${strategy}`] = await store(
        budget === Infinity ? 30 : 100,
        () => ({ q: rare(), before: window(), limit: '200' }),
        budget,
      );
      dbStats[`q_7d_since${strategy}`] = await store(
        budget === 0 ? 30 : 100,
        () => ({ q: pick(searches), since: since7d, limit: '200' }),
        budget,
      );
      dbStats[`q_7d_since_rare${strategy}`] = await store(
        budget === Infinity ? 10 : 50,
        () => ({ q: rare(), since: since7d, limit: '200' }),
        budget,
      );
    }
    if (!ONLY_INGEST)
      Object.assign(
        dbStats,
        await benchVolumeStore(
          db,
          mainId,
          {
            randomBefore: windowBefore,
            spanStart: startUs / 1e6,
            job: () => pick(JOBS),
            search: () => pick(searches),
            samples: VOLUME_SAMPLES,
          },
          timeouts,
        ),
      );
    results.db_ms = dbStats;
    printStats('store latency (ms)', dbStats);

    // The server in its own process.
    server = fork(join(import.meta.dirname, 'api-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: file, PORT: String(PORT) },
      stdio: 'inherit',
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('message', () => resolve());
      server!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${PORT}`;
    const headers = { Authorization: `Bearer ${token}`, 'X-Service-Site': 'bench' };
    /** A search past its time budget (400) is counted in `timeouts[countTooSlow]`. */
    const get = async (path: string, countTooSlow?: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (response.status === 400 && countTooSlow !== undefined) {
        timeouts[countTooSlow] = (timeouts[countTooSlow] ?? 0) + 1;
      } else if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return response.text();
    };
    const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
    const volumePath = (query: Record<string, string>) =>
      `/api/apps/main/logs/volume?${qs({ before: String(windowBefore()), ...query })}`;
    const httpStats: Record<string, Stat> = ONLY_INGEST
      ? {}
      : {
          volume_24h: await time(VOLUME_SAMPLES * 3, () => get(volumePath({}))),
          'volume_24h q': await time(VOLUME_SAMPLES, () =>
            get(volumePath({ q: pick(searches) }), 'volume_http'),
          ),
        };
    if (!VOLUME_ONLY && !ONLY_INGEST)
      Object.assign(httpStats, {
        tail: await time(500, () =>
          get(
            `/api/apps/main/logs?${qs({ since: String(randomTime(startUs, endUs - 3_600e6)), limit: '200' })}`,
          ),
        ),
        page: await time(500, () =>
          get(
            `/api/apps/main/logs?${qs({ before: String(randomTime(startUs + DAY_US, endUs)), limit: '200' })}`,
          ),
        ),
      });
    results.http_ms = httpStats;
    printStats('whole request (ms, HTTP)', httpStats);
    if (VOLUME_ONLY) {
      console.log(`\n${JSON.stringify(results)}`);
      return;
    }

    // Ingestion through POST, batches of 500, 4 in flight.
    const indexedBefore = postgres ? 0 : await watermark(db);
    const batches = Array.from({ length: INGEST_BATCHES }, () =>
      JSON.stringify({ logs: Array.from({ length: 500 }, makeEntry) }),
    );
    const usage = async () =>
      (await (await fetch(`${base}/bench/usage`)).json()) as {
        cpu_us: { user: number; system: number };
        main_thread_active_ms: number;
      };
    const usageBefore = await usage();
    const ingestStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < batches.length) {
          const body = batches[next++] as string;
          const response = await fetch(`${base}/api/apps/ingest/logs`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body,
          });
          if (response.status !== 201) throw new Error(`ingest: ${response.status}`);
          await response.arrayBuffer();
        }
      }),
    );
    const ingestSeconds = (performance.now() - ingestStart) / 1000;
    const perSecond = Math.round((batches.length * 500) / ingestSeconds);
    results.ingest_entries_per_s = perSecond;
    console.log(
      `\ningestion: ${batches.length * 500} entries in ${ingestSeconds.toFixed(2)} s = ${perSecond} entries/s`,
    );
    if (!postgres) {
      // The search indexer (decision 023) catches up after the last response.
      const target = indexedBefore + batches.length * 500;
      while ((await watermark(db)) < target) await new Promise((done) => setTimeout(done, 5));
      const indexedSeconds = (performance.now() - ingestStart) / 1000;
      const indexedPerSecond = Math.round((batches.length * 500) / indexedSeconds);
      results.ingest_indexed_entries_per_s = indexedPerSecond;
      console.log(
        `search index caught up after ${indexedSeconds.toFixed(2)} s = ${indexedPerSecond} entries/s`,
      );
    }
    // CPU per 1,000 entries (until the index caught up): every thread, and the main thread's
    // busy time, which bounds the rate when a core is free for the worker.
    const usageAfter = await usage();
    const per1000 = (value: number) => Number(((value * 1000) / (batches.length * 500)).toFixed(2));
    results.ingest_cpu_ms_per_1000 = per1000(
      (usageAfter.cpu_us.user +
        usageAfter.cpu_us.system -
        usageBefore.cpu_us.user -
        usageBefore.cpu_us.system) /
        1000,
    );
    results.ingest_main_thread_ms_per_1000 = per1000(
      usageAfter.main_thread_active_ms - usageBefore.main_thread_active_ms,
    );
    console.log(
      `server CPU per 1,000 entries: ${String(results.ingest_cpu_ms_per_1000)} ms (all threads), main thread busy ${String(results.ingest_main_thread_ms_per_1000)} ms`,
    );
    if (ONLY_INGEST) {
      console.log(`\n${JSON.stringify(results)}`);
      return;
    }

    // Throughput of 200-entry pages, 50 connections: the same page again and again (what many
    // viewers of one app do: served from the page cache) and a random older page each request
    // (every request reads SQLite), plus the two serialization variants on random pages.
    const cannon = async (path: string, varied: boolean) => {
      const result = await autocannon({
        url: `${base}${path}`,
        connections: 50,
        duration: DURATION,
        headers,
        ...(varied
          ? {
              requests: [
                {
                  setupRequest: (request) => ({
                    ...request,
                    path: `${path}&before=${randomTime(startUs + DAY_US, endUs)}`,
                  }),
                },
              ],
            }
          : {}),
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return {
        rps: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
      };
    };
    const throughput = {
      same_page_cached: await cannon('/api/apps/main/logs?limit=200', false),
      random_page_string_concat: await cannon('/api/apps/main/logs?limit=200', true),
      random_page_objects_json_stringify: await cannon(
        '/bench/apps/main/logs-objects?limit=200',
        true,
      ),
      random_page_objects_zod_serializer: await cannon('/bench/apps/main/logs-zod?limit=200', true),
    };
    results.throughput = throughput;
    console.log('\n200-entry pages, autocannon 50 connections   req/s   p50 ms   p99 ms');
    for (const [name, t] of Object.entries(throughput)) {
      console.log(
        `${name.padEnd(44)} ${String(t.rps).padStart(6)} ${String(t.p50_ms).padStart(8)} ${String(t.p99_ms).padStart(8)}`,
      );
    }
    console.log(`\n${JSON.stringify(results)}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db.destroy();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SQLite: direct inserts in big transactions, all indexed (the search indexer's watermark on top). */
function fillSqlite(
  file: string,
  everyRow: (put: (appId: number, timeUs: number) => void, from: number, to: number) => void,
): void {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const insert = raw.prepare(
    'INSERT INTO app_logs (app_id, time_us, level, job, data, context, created_at, search) ' +
      'VALUES (@app_id, @time_us, @level, @job, @data, @context, @created_at, @search)',
  );
  const index = raw.prepare('INSERT INTO app_logs_fts (rowid, search) VALUES (?, ?)');
  const fill = raw.transaction((from: number, to: number) => {
    everyRow(
      (appId, timeUs) => {
        const row = toLogRow(appId, makeEntry(), timeUs);
        index.run(insert.run(row).lastInsertRowid, row.search);
      },
      from,
      to,
    );
  });
  for (let from = 0; from < ENTRIES; from += 100_000) fill(from, Math.min(ENTRIES, from + 100_000));
  raw.prepare('update app_logs_fts_state set indexed_id = (select max(id) from app_logs)').run();
  raw.close();
}

await main();
