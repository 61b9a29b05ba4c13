/**
 * Deterministic, realistic log entries for the API benchmarks (bench/api.ts and its parts): one
 * seeded generator, so every run and every engine stores and searches the same entries.
 */
import type { LogLevel } from '../contract/schemas/app-log';
import type { LogIngestEntry } from '../server/logs/store/app-logs-rows';

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
export const random = rng(42);
export const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
export const int = (max: number) => Math.floor(random() * max);
const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');

export const USERS = [
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
export const JOBS = [
  'sync-orders',
  'send-newsletter',
  'reindex-search',
  'cleanup-carts',
  'import-feed',
];
const HOSTS = ['hooks.example.com', 'erp.acme.test', 'crm.example.org'];

export function makeEntry(): LogIngestEntry {
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
