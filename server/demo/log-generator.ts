/**
 * The demo log generator (DEMO=1 and DEMO_LOGS=1): realistic entries for the demo apps, about
 * two a second with an occasional burst of a few hundred, all levels, some from jobs with
 * `context.job`. Entries go through insertLogs, the same code path as `POST /apps/:id/logs`.
 */
import type { Kysely } from 'kysely';
import type { LogLevel } from '../../src/api/schemas/app-log';
import { insertLogs, type LogIngestEntry } from '../store/app-logs';
import { findAppRow } from '../store/apps';
import type { Database } from '../store/db';

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

const PATHS = ['/products/linen-shirt', '/cart/items', '/orders/10482', '/checkout', '/search'];
const CUSTOMERS = ['c_1042', 'c_2210', 'c_3381', 'c_0917', 'c_5523'];

function weightedLevel(random: Random): LogLevel {
  const roll = random();
  if (roll < 0.25) return 'debug';
  if (roll < 0.8) return 'info';
  if (roll < 0.92) return 'warn';
  if (roll < 0.98) return 'error';
  if (roll < 0.995) return 'fatal';
  return 'unknown';
}

const MESSAGES: Record<LogLevel, readonly string[]> = {
  debug: ['cache lookup', 'template rendered', 'resolved route', 'loaded session'],
  info: ['request completed', 'order created', 'customer signed in', 'webhook delivered'],
  warn: [
    'slow query',
    'retrying webhook delivery',
    'inventory below threshold',
    'deprecated SDK call',
  ],
  error: ['payment provider timeout', 'webhook delivery failed', 'could not reach inventory API'],
  fatal: ['worker crashed: out of memory', 'database connection lost'],
  unknown: ['unstructured output from function'],
};

const JOBS: Record<string, readonly string[]> = {
  storefront: ['sync-inventory', 'send-digest'],
  analytics: ['export-daily'],
  'legacy-import': ['import-catalogue'],
};

/** One realistic entry for `appKey`. */
export function demoLogEntry(appKey: string, random: Random = Math.random): LogIngestEntry {
  const level = weightedLevel(random);
  const message = pick(random, MESSAGES[level]);
  const jobs = JOBS[appKey] ?? [];
  if (jobs.length > 0 && random() < 0.3) {
    const job = pick(random, jobs);
    const item = Math.floor(random() * 5000);
    return {
      level,
      data: { message: `${job}: ${message}`, item, duration_ms: Math.round(random() * 900) },
      context: {
        job: { name: job, id: `job_${Math.floor(random() * 1e9).toString(36)}`, attempt: 1 },
      },
    };
  }
  if (level === 'unknown') return { level, data: `${message}: ${Math.floor(random() * 1e6)}` };
  const path = pick(random, PATHS);
  return {
    level,
    data: {
      message,
      method: path === '/cart/items' ? 'POST' : 'GET',
      path,
      status: level === 'error' || level === 'fatal' ? 502 : 200,
      duration_ms: Math.round(random() * (level === 'warn' ? 4000 : 300)),
    },
    context: {
      request_id: `req_${Math.floor(random() * 1e12).toString(36)}`,
      customer: pick(random, CUSTOMERS),
    },
  };
}

export interface LogGeneratorOptions {
  siteId?: string;
  appKeys?: readonly string[];
  /** Called when a write fails (the generator keeps going). */
  onError?: (error: unknown) => void;
  random?: Random;
}

/** Starts writing; returns a function that stops it (and waits for a write in flight). */
export function startDemoLogGenerator(
  db: Kysely<Database>,
  options: LogGeneratorOptions = {},
): () => Promise<void> {
  const siteId = options.siteId ?? 'demo';
  const keys = options.appKeys ?? ['storefront', 'analytics', 'legacy-import'];
  const random = options.random ?? Math.random;
  const appIds = new Map<string, number>();
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  let ticks = 0;

  async function appId(key: string): Promise<number | undefined> {
    const known = appIds.get(key);
    if (known !== undefined) return known;
    const row = await findAppRow(db, siteId, key);
    if (row) appIds.set(key, row.id);
    return row?.id;
  }

  async function write(key: string, count: number): Promise<void> {
    const id = await appId(key);
    if (id === undefined) return;
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, () =>
        demoLogEntry(key, random),
      );
      await insertLogs(db, id, batch);
    }
  }

  async function tick(): Promise<void> {
    ticks += 1;
    // A burst every ~3 minutes (and one at start, so the viewer has something to show).
    const burst = ticks === 1 || random() < 1 / 360;
    const key = burst ? 'storefront' : pick(random, keys);
    await write(key, burst ? 200 + Math.floor(random() * 300) : 1);
  }

  const timer = setInterval(() => {
    if (stopped) return;
    inFlight = tick().catch((error: unknown) => options.onError?.(error));
  }, 500);
  timer.unref();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}
