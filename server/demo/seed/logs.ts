/**
 * What the demo apps log: realistic entries of every level, some from jobs with `context.job`,
 * for the demo log generator (log-generator.ts).
 */
import type { LogLevel } from '../../../contract/schemas/app-log';
import type { LogIngestEntry } from '../../logs/store/app-logs-rows';

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
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
