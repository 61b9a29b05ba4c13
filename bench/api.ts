/**
 * `npm run bench:api`: the API benchmark (not a test). Fills a temp database with 1,000,000 log
 * entries over 7 days for one app plus noise in four other apps, then, BENCH_RUNS times over the
 * same data (medians of the runs at the end), reports:
 * - in-process latency of the store (median, p95, p99; bench/api-store.ts): tail, newest-first
 *   page, level, job, `q` by search strategy over the 24 h window and a 7-day `since` range; the
 *   volume count over 24 h (60 and 240 buckets, a level, a job) and over the whole span, from the
 *   minute rollup beside the count from the rows (bench/api-volume.ts), and with `q` (its time
 *   budget applies);
 * - whole-request latency over HTTP (one connection, sequential) for the volume (without and
 *   with `q`), the tail and the page;
 * - ingestion through `POST /api/apps/:id/logs` in batches of 500, 4 in flight per instance
 *   (bench/api-ingest.ts): one instance into one app and, on PostgreSQL, two instances on the same
 *   database into one app and into four apps; every entry is checked to be stored once, in time
 *   order; also the rate until the search indexer caught up (decisions 023, 030); the
 *   servers' CPU per 1,000 entries;
 * - throughput of 200-entry pages over HTTP with autocannon (50 connections), for the real route
 *   and for two serialization variants (objects + JSON.stringify, objects + zod serializer).
 * The servers run in child processes (bench/api-server.ts) so autocannon does not share their
 * event loop. Options: BENCH_ENTRIES (default 1000000), BENCH_RUNS (3), BENCH_DURATION
 * (autocannon seconds, 8), BENCH_PORT (18210; the second instance listens on the next port),
 * BENCH_DATABASE_URL (a PostgreSQL URL whose role may create databases: the same benchmark on a
 * fresh database there, filled by bench/api-fill-postgres.ts), BENCH_INGEST_BATCHES (batches of 500
 * one instance ingests, 120; two instances take twice as many), BENCH_SPAN_DAYS (7: the days the
 * entries spread over; 1 puts them all in the volume's 24 h), BENCH_VOLUME_SAMPLES (100),
 * BENCH_ONLY=ingest (the fill, the store's `q` rows and the ingestion only), BENCH_ONLY=volume
 * (the fill and the volume counts only, store and HTTP), BENCH_ONLY=store (the fill and the
 * store's tail, page, level, job and `q` only), BENCH_KEEP_DB=name (fill a database of that name
 * once and keep it; later runs with the same name and BENCH_ENTRIES measure over it).
 * `npm run bench:api:engines` runs it on SQLite, then on PostgreSQL (scripts/ensure-postgres.sh).
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { insertApp } from '../server/apps/store/apps';
import { appFixture } from '../server/platform/test-support.test-helper';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../server/database/migrate';
import type { Database } from '../server/database/schema';
import { fillLogMinutes } from '../server/database/migrations/006-log-minutes';
import { createSite, ensureMembership } from '../server/site/store/sites';
import { findOrCreateUser, issueToken } from '../server/access/store/tokens';
import { filledSpan, openBenchDatabase } from './api-database';
import { fillPostgres } from './api-fill-postgres';
import { fillSqlite } from './api-fill-sqlite';
import { ingest, type IngestResult } from './api-ingest';
import { startServer, type ServerProcess } from './api-servers';
import { measureStore, measureVolume, randomTime, SEARCHES, windowBefore } from './api-store';
import { pick } from './log-entries';
import { median, printStats, time, type Stat } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const NOISE_APPS = 4;
const NOISE_PER_APP = Math.round(ENTRIES / 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 18210);
const DAY_US = 86_400_000_000;
const SPAN_US = Number(process.env.BENCH_SPAN_DAYS ?? 7) * DAY_US;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? '';
const INGEST_BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 120);
const VOLUME_SAMPLES = Number(process.env.BENCH_VOLUME_SAMPLES ?? 100);
/** `BENCH_ONLY=ingest`: the fill, the store's `q` rows and the ingestion. */
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest';
/** `BENCH_ONLY=volume`: the fill, then only the volume counts (store and HTTP). */
const VOLUME_ONLY = process.env.BENCH_ONLY === 'volume';
/** `BENCH_ONLY=store`: the fill, then only the store's queries (no volume, HTTP or ingestion). */
const STORE_ONLY = process.env.BENCH_ONLY === 'store';
/** `BENCH_KEEP_DB=name`: fill a database kept under that name once, reuse it (api-database.ts). */
const KEEP_DB = process.env.BENCH_KEEP_DB ?? '';

interface RunResult {
  db_ms: Record<string, Stat>;
  http_ms: Record<string, Stat>;
  /** Entries per second by ingestion shape, and `<shape> indexed` until the index caught up. */
  ingest: Record<string, number>;
  /** Server CPU ms per 1,000 entries by shape: all threads, and `<shape> main thread`. */
  ingest_cpu: Record<string, number>;
  throughput: Record<string, { rps: number; p50_ms: number; p99_ms: number }>;
  q_timeouts: Record<string, number>;
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase(POSTGRES_URL, KEEP_DB);
  const postgres = POSTGRES_URL !== '';
  const { db, url: file } = bench;
  const servers: ServerProcess[] = [];
  try {
    await migrateToLatest(db);
    const kept = bench.kept ? await filledSpan(db, ENTRIES) : undefined;
    if (bench.kept && kept === undefined) {
      throw new Error(`BENCH_KEEP_DB=${KEEP_DB}: its fill did not finish; drop it and run again`);
    }
    if (kept === undefined) await createSite(db, 'bench', 'Bench');
    const userId = await findOrCreateUser(db, 'bench@example.com');
    await ensureMembership(db, userId, 'bench');
    const token = await issueToken(db, userId);
    const newApp = (key: string) => insertApp(db, 'bench', appFixture(key));
    const fillStart = performance.now();
    const span = kept ?? (await fill(db, file, postgres, newApp));
    const { mainId, startUs, endUs } = span;
    const fillSeconds = Number(((performance.now() - fillStart) / 1000).toFixed(1));
    console.log(
      kept
        ? `kept database ${KEEP_DB}, filled before`
        : `filled ${ENTRIES} + noise in ${fillSeconds} s`,
    );

    if (!STORE_ONLY) servers.push(await startServer(file, PORT));
    // Several instances on one database is what PostgreSQL is for (decision 012); SQLite serves
    // one process.
    if (postgres && !STORE_ONLY) servers.push(await startServer(file, PORT + 1));
    const headers = { Authorization: `Bearer ${token}`, 'X-Service-Site': 'bench' };
    const runs: RunResult[] = [];
    const runKey = Date.now().toString(36);
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`\n=== run ${run} of ${RUNS}`);
      const q_timeouts: Record<string, number> = {};
      const db_ms = {
        ...(VOLUME_ONLY ? {} : await measureStore(db, mainId, span, q_timeouts, ONLY_INGEST)),
        ...(ONLY_INGEST || STORE_ONLY
          ? {}
          : await measureVolume(db, mainId, span, VOLUME_SAMPLES, q_timeouts)),
      };
      printStats('store latency (ms)', db_ms);
      const http_ms =
        ONLY_INGEST || STORE_ONLY
          ? {}
          : await measureHttp(servers[0]?.base ?? '', headers, span, q_timeouts);
      printStats('whole request (ms, HTTP)', http_ms);
      if (VOLUME_ONLY || STORE_ONLY) {
        runs.push({ db_ms, http_ms, ingest: {}, ingest_cpu: {}, throughput: {}, q_timeouts });
        continue;
      }
      const apps = async (shape: string, count: number) => {
        const list = [];
        for (let i = 0; i < count; i += 1) {
          // Named after the run's start too: a kept database (BENCH_KEEP_DB) has earlier runs' apps.
          const key = `ingest-${runKey}-${run}-${shape}-${i}`;
          list.push({ key, id: await newApp(key) });
        }
        return list;
      };
      const bases = servers.map((server) => server.base);
      const plan = { headers, batchSize: 500, inFlight: 4, indexed: true };
      const shapes: Record<string, IngestResult> = {
        one_instance_one_app: await ingest(db, {
          ...plan,
          bases: bases.slice(0, 1),
          apps: await apps('a', 1),
          batches: INGEST_BATCHES,
        }),
      };
      if (bases.length > 1) {
        const both = { ...plan, bases, batches: 2 * INGEST_BATCHES };
        shapes.two_instances_one_app = await ingest(db, { ...both, apps: await apps('b', 1) });
        shapes.two_instances_four_apps = await ingest(db, { ...both, apps: await apps('c', 4) });
      }
      const ingestRates: Record<string, number> = {};
      const ingestCpu: Record<string, number> = {};
      for (const [shape, result] of Object.entries(shapes)) {
        ingestRates[shape] = result.perSecond;
        if (result.indexedPerSecond !== undefined) {
          ingestRates[`${shape} indexed`] = result.indexedPerSecond;
        }
        ingestCpu[shape] = result.cpuMsPer1000;
        ingestCpu[`${shape} main thread`] = result.mainThreadMsPer1000;
      }
      printFigures('ingestion (entries/s, every entry checked)', ingestRates);
      printFigures('server CPU per 1,000 entries (ms)', ingestCpu);
      const throughput = ONLY_INGEST
        ? {}
        : await measureThroughput(servers[0]?.base ?? '', headers, startUs, endUs);
      printFigures('200-entry pages, autocannon 50 connections', throughput);
      runs.push({
        db_ms,
        http_ms,
        ingest: ingestRates,
        ingest_cpu: ingestCpu,
        throughput,
        q_timeouts,
      });
    }
    const summary = summarize(runs);
    printSummary(summary);
    console.log(
      `\n${JSON.stringify({ engine: postgres ? 'postgres' : 'sqlite', entries: ENTRIES, noise: NOISE_APPS * NOISE_PER_APP, fill_seconds: fillSeconds, summary })}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await bench.close();
  }
}

/**
 * Fills the database: 1,000,000 (BENCH_ENTRIES) entries of app `main` over the span ending a
 * minute ago, plus noise in four other apps; rows built by the ingestion code (toLogRow),
 * written in bulk.
 */
async function fill(
  db: Kysely<Database>,
  file: string,
  postgres: boolean,
  newApp: (key: string) => Promise<number>,
): Promise<{ mainId: number; startUs: number; endUs: number }> {
  const mainId = await newApp('main');
  const noiseIds: number[] = [];
  for (let i = 0; i < NOISE_APPS; i += 1) noiseIds.push(await newApp(`noise-${i}`));
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
  if (postgres) await fillPostgres(db, startUs, endUs, everyRow);
  else {
    fillSqlite(file, ENTRIES, everyRow);
    // The direct inserts skip the store, so the volume rollup is counted after them (the
    // PostgreSQL fill writes through the store's placeLogRows, which keeps it).
    await fillLogMinutes(db);
  }
  return { mainId, startUs, endUs };
}

/**
 * Whole requests: the volume without and with `q` (a search past its time budget, 400, is
 * counted in `timeouts.volume_http`), then, unless BENCH_ONLY=volume, the tail and the page.
 */
async function measureHttp(
  base: string,
  headers: Record<string, string>,
  span: { startUs: number; endUs: number },
  timeouts: Record<string, number>,
): Promise<Record<string, Stat>> {
  const { startUs, endUs } = span;
  const get = async (path: string, countTooSlow?: string, retried = false): Promise<string> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { headers });
    } catch (error) {
      // A kept-alive connection the server closed while the store part ran (minutes, from the
      // second run on): EPIPE on SQLite in two runs. Once, on a new connection.
      if (retried) throw error;
      return get(path, countTooSlow, true);
    }
    if (response.status === 400 && countTooSlow !== undefined) {
      timeouts[countTooSlow] = (timeouts[countTooSlow] ?? 0) + 1;
    } else if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.text();
  };
  const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
  const volumePath = (query: Record<string, string>) =>
    `/api/apps/main/logs/volume?${qs({ before: String(windowBefore(startUs, endUs)), ...query })}`;
  const volume = {
    volume_24h: await time(VOLUME_SAMPLES * 3, () => get(volumePath({}))),
    'volume_24h q': await time(VOLUME_SAMPLES, () =>
      get(volumePath({ q: pick(SEARCHES) }), 'volume_http'),
    ),
  };
  if (VOLUME_ONLY) return volume;
  return {
    ...volume,
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
  };
}

/**
 * Throughput of 200-entry pages, 50 connections: the same page again and again (what many
 * viewers of one app do: served from the page cache) and a random older page each request
 * (every request reads the database), plus the two serialization variants on random pages.
 */
async function measureThroughput(
  base: string,
  headers: Record<string, string>,
  startUs: number,
  endUs: number,
): Promise<RunResult['throughput']> {
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
  return {
    same_page_cached: await cannon('/api/apps/main/logs?limit=200', false),
    random_page_string_concat: await cannon('/api/apps/main/logs?limit=200', true),
    random_page_objects_json_stringify: await cannon(
      '/bench/apps/main/logs-objects?limit=200',
      true,
    ),
    random_page_objects_zod_serializer: await cannon('/bench/apps/main/logs-zod?limit=200', true),
  };
}

/** Per figure: the median over the runs (of the medians, of the p99s), and each run's p99. */
function summarize(runs: readonly RunResult[]) {
  const latencies = (pick: (run: RunResult) => Record<string, Stat>) =>
    Object.fromEntries(
      Object.keys(pick(runs[0] as RunResult)).map((name) => {
        const stats = runs.map((run) => pick(run)[name] as Stat);
        return [
          name,
          {
            median: median(stats.map((s) => s.median)),
            p95: median(stats.map((s) => s.p95)),
            p99: median(stats.map((s) => s.p99)),
            p99_runs: stats.map((s) => s.p99),
          },
        ];
      }),
    );
  const rates = (pick: (run: RunResult) => Record<string, number>) =>
    Object.fromEntries(
      Object.keys(pick(runs[0] as RunResult)).map((name) => {
        const values = runs.map((run) => pick(run)[name] ?? 0);
        return [name, { median: median(values), runs: values }];
      }),
    );
  return {
    db_ms: latencies((run) => run.db_ms),
    http_ms: latencies((run) => run.http_ms),
    ingest_per_s: rates((run) => run.ingest),
    ingest_cpu_ms_per_1000: rates((run) => run.ingest_cpu),
    /** Searches past their time budget, per run. */
    q_timeouts: runs.map((run) => run.q_timeouts),
    throughput_rps: rates((run) =>
      Object.fromEntries(Object.entries(run.throughput).map(([name, t]) => [name, t.rps])),
    ),
  };
}

function printSummary(summary: ReturnType<typeof summarize>): void {
  console.log(`\n=== medians of ${RUNS} runs`);
  for (const [title, table] of [
    ['store latency (ms)', summary.db_ms],
    ['whole request (ms, HTTP)', summary.http_ms],
  ] as const) {
    printStats(
      title,
      Object.fromEntries(Object.entries(table).map(([k, v]) => [k, { ...v, n: RUNS }])),
    );
  }
  printFigures('ingestion (entries/s)', summary.ingest_per_s);
  printFigures('server CPU per 1,000 entries (ms)', summary.ingest_cpu_ms_per_1000);
  printFigures('pages (req/s)', summary.throughput_rps);
}

/** Prints a part's figures under `title`, unless BENCH_ONLY left the part out. */
function printFigures(title: string, figures: Record<string, unknown>): void {
  if (Object.keys(figures).length > 0) console.log(`\n${title}`, figures);
}

await main();
