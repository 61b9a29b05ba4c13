/**
 * The store half of bench/api.ts: in-process latency (median, p95, p99) of `select 1`, of
 * `queryLogs` (tail, newest-first page, level, job, `q` by search strategy) and of the volume
 * count (bench/api-volume.ts), on one app of a filled database spanning `startUs`..`endUs`.
 */
import { sql, type Kysely } from 'kysely';
import { HttpError } from '../server/http/errors';
import { SearchBudgetExhausted } from '../server/database/search-budget-exhausted';
import { parseLogQuery, type RawLogQuery } from '../server/logs/routes/log-query-params';
import { queryLogs } from '../server/logs/store/app-logs-read';
import type { Database } from '../server/database/schema';
import { benchVolumeStore } from './api-volume';
import { int, JOBS, pick, random, USERS } from './log-entries';
import { time, type Stat } from './stats';

const DAY_US = 86_400_000_000;

/** Seconds (as the API takes them) at a random time between two µs times. */
export const randomTime = (fromUs: number, toUs: number) =>
  (fromUs + random() * (toUs - fromUs)) / 1e6;

/** A random `before` with 24 h of entries before it (the last hour of a one-day span). */
export const windowBefore = (startUs: number, endUs: number) =>
  randomTime(Math.min(startUs + DAY_US, endUs - 3_600e6), endUs);

export const SEARCHES = [
  'payment failed',
  'timeout',
  '"card declined"',
  'level:error inventory',
  'ada',
];

/**
 * The store's latencies by query; with `searchesOnly` (BENCH_ONLY=ingest) the round trip and the
 * `q` rows only. A search past its time budget (400 too_slow) counts with the time it took, and
 * is counted in `timeouts` by scan budget.
 */
export async function measureStore(
  db: Kysely<Database>,
  mainId: number,
  span: { startUs: number; endUs: number },
  timeouts: Record<string, number>,
  searchesOnly: boolean,
): Promise<Record<string, Stat>> {
  const { startUs, endUs } = span;
  const store = (n: number, build: () => RawLogQuery, scanBudget?: number) =>
    time(n, () =>
      queryLogs(db, mainId, parseLogQuery(build()), { scanBudget }).catch((error: unknown) => {
        // The store throws SearchBudgetExhausted, which the route answers with the 400.
        const tooSlow =
          error instanceof SearchBudgetExhausted ||
          (error instanceof HttpError && error.statusCode === 400);
        if (!tooSlow) throw error;
        const key = String(scanBudget ?? 'default');
        timeouts[key] = (timeouts[key] ?? 0) + 1;
      }),
    );
  const dbStats: Record<string, Stat> = {
    // The floor under every query: `select 1` (PostgreSQL: one round trip through the pool; on a
    // loaded machine its p99 is the scheduler's, and so is every other p99's).
    round_trip: await time(1000, () => sql`select 1`.execute(db)),
  };
  if (!searchesOnly)
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
  for (const [strategy, budget] of [
    ['', undefined],
    [' budget 5000', 5000],
    [' scan only', Infinity],
    [' fts only', 0],
  ] as const) {
    dbStats[`q_24h${strategy}`] = await store(
      150,
      () => ({ q: pick(SEARCHES), before: window(), limit: '200' }),
      budget,
    );
    dbStats[`q_24h_rare${strategy}`] = await store(
      budget === Infinity ? 30 : 100,
      () => ({ q: rare(), before: window(), limit: '200' }),
      budget,
    );
    dbStats[`q_7d_since${strategy}`] = await store(
      budget === 0 ? 30 : 100,
      () => ({ q: pick(SEARCHES), since: since7d, limit: '200' }),
      budget,
    );
    dbStats[`q_7d_since_rare${strategy}`] = await store(
      budget === Infinity ? 10 : 50,
      () => ({ q: rare(), since: since7d, limit: '200' }),
      budget,
    );
  }
  return dbStats;
}

/** The volume counts (bench/api-volume.ts): rollup beside rows, and with `q`. */
export function measureVolume(
  db: Kysely<Database>,
  mainId: number,
  span: { startUs: number; endUs: number },
  samples: number,
  timeouts: Record<string, number>,
): Promise<Record<string, Stat>> {
  return benchVolumeStore(
    db,
    mainId,
    {
      randomBefore: () => windowBefore(span.startUs, span.endUs),
      spanStart: span.startUs / 1e6,
      job: () => pick(JOBS),
      search: () => pick(SEARCHES),
      samples,
    },
    timeouts,
  );
}
