/**
 * The service for bench/tail.ts, in its own process so the thousand tails and the server do not
 * share one event loop. It sets up a fresh database (a site, `APPS` apps, a token), counts every
 * database query (a Kysely plugin), and answers `stats` over IPC with its RSS (the highest seen
 * since `start`), event-loop delay percentiles, and the queries since `start`: all of them, and
 * the waiting tails' (each a page read and the app's newest time, two statements).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../server/app';
import { AuthFailureLimiter } from '../server/auth-limiter';
import { insertApp } from '../server/store/apps';
import { migrateToLatest, openDatabase } from '../server/store/db';
import { createSite, ensureMembership } from '../server/store/sites';
import { findOrCreateUser, issueToken } from '../server/store/tokens';
import { appFixture } from '../server/test-support.test-helper';

let queries = 0;
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    queries += 1;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

const raw = openDatabase(process.env.DATABASE_URL ?? '');
await migrateToLatest(raw);
await createSite(raw, 'bench', 'Bench');
const userId = await findOrCreateUser(raw, 'bench@example.com');
await ensureMembership(raw, userId, 'bench');
const token = await issueToken(raw, userId);
const appKeys = Array.from({ length: Number(process.env.APPS ?? 10) }, (_, i) => `tail-${i}`);
for (const key of appKeys) await insertApp(raw, 'bench', appFixture(key));

const db = raw.withPlugin(counting);
const app = await buildApp({
  db,
  staticDir: null,
  authLimiter: new AuthFailureLimiter(1_000_000),
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let maxRss = 0;
let startQueries = 0;
let startTailQueries = 0;
setInterval(() => {
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
}, 250).unref();

process.on('message', (message) => {
  if (message === 'start') {
    delay.reset();
    maxRss = process.memoryUsage().rss;
    startQueries = queries;
    startTailQueries = app.logTails.stats().queries;
    process.send?.('started');
  } else if (message === 'stats') {
    process.send?.({
      rssMb: Math.max(maxRss, process.memoryUsage().rss) / 2 ** 20,
      delayP50Ms: delay.percentile(50) / 1e6,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      queries: queries - startQueries,
      tailQueries: app.logTails.stats().queries - startTailQueries,
    });
  }
});
process.send?.({ ready: true, token, appKeys });
process.on('SIGTERM', () => {
  void app.close().then(() => raw.destroy().then(() => process.exit(0)));
});
