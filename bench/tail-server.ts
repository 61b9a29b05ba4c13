/**
 * The service for bench/tail.ts, in its own process so the thousand tails and the server do not
 * share one event loop. It sets up a fresh database (a site, `APPS` apps, a token), counts every
 * database query (a Kysely plugin) and the waiting tails' (each a page read and the app's newest
 * time, two statements), and times each commit's fan-out; bench/tail-server-probe.ts measures
 * the rest and answers the bench.
 */
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../server/platform/app';
import { AuthFailureLimiter } from '../server/access/auth-limiter';
import { insertApp } from '../server/apps/store/apps';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import { createSite, ensureMembership } from '../server/site/store/sites';
import { findOrCreateUser, issueToken } from '../server/access/store/tokens';
import { appFixture } from '../server/platform/test-support.test-helper';
import { InProcessLogNotifier, type LogNotifier } from '../server/logs/waits/log-notifier';
import type { LogWaitStats } from '../server/logs/waits/log-wait-types';
import { startProbe } from './tail-server-probe';

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

/**
 * The service's own share of delivery: for each commit that woke waiting requests, from the
 * commit's time to when their answers have been handed to the sockets (the answers are written
 * in the microtasks after `notify`; a `setImmediate` runs after them). What the bench process
 * adds after that (reading, parsing, its own event loop) is not in it.
 */
const fanOutMs: number[] = [];
/** Of it, the entries' time → `notify` (the transaction, and the turns of the loop it awaits). */
const notifyMs: number[] = [];
const inProcess = new InProcessLogNotifier();
const timedNotifier: LogNotifier = {
  notify: (appId, commit) => {
    const before = app.logTails.stats().waiting;
    inProcess.notify(appId, commit);
    const committedMs = (commit?.rows[0]?.timeUs ?? Date.now() * 1000) / 1000;
    const notifiedMs = Date.now();
    const { waiting = 0, queued = 0, dequeued = 0 } = queueStats();
    // Answers are written in turns (decision 034); older trees answered within `notify`.
    if (waiting < before || queued > dequeued) {
      whenAnswered(queued, () => {
        fanOutMs.push(Date.now() - committedMs);
        notifyMs.push(notifiedMs - committedMs);
      });
    }
  },
  notifyAll: () => inProcess.notifyAll(),
  subscribe: (appId, listener) => inProcess.subscribe(appId, listener),
};

/** Partial: older trees (main, in A/B runs) have no queue counters. */
function queueStats(): Partial<LogWaitStats> {
  return app.logTails.stats();
}

/** Calls `done` after the turn that answered the first `queued` answers queued since the start. */
function whenAnswered(queued: number, done: () => void): void {
  setImmediate(() => {
    if ((queueStats().dequeued ?? queued) < queued) whenAnswered(queued, done);
    else done();
  });
}

const db = raw.withPlugin(counting);
const app = await buildApp({
  db,
  staticDir: null,
  authLimiter: new AuthFailureLimiter(1_000_000),
  logNotifier: timedNotifier,
  // One token on one address holds all the tails here: the caps on members and addresses
  // (issue 26) would measure themselves, not the tails.
  waitLimits: { perUser: Number.POSITIVE_INFINITY, perSite: Number.POSITIVE_INFINITY },
  connectionLimits: { maxConnectionsPerAddress: 0 },
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

startProbe(
  { ready: true, token, appKeys },
  {
    queries: () => queries,
    tailQueries: () => app.logTails.stats().queries,
    fanOutMs,
    notifyMs,
  },
  async () => {
    await app.close();
    await raw.destroy();
  },
);
