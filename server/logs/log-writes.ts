/**
 * The writes of the log wing that waiting tails must hear of, each stored and then told in one
 * call: `ingestLogs` (the POST route and the demo generator) and `runLogRetention` (the retention
 * timer). No caller stitches store-then-notify itself, so no write path can forget the tails.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { LogPage } from './store/app-logs-page';
import type { LogIngestEntry } from './store/app-logs-rows';
import { pruneLogsToSize } from './store/app-logs-size';
import { insertLogs, pruneLogs, type IngestHooks } from './store/app-logs-write';
import { logStoreOf } from './store/log-store-of';
import type { LogNotifier } from './waits/log-notifier';

/**
 * Stores a batch (insertLogs: commit times after the app's last entry) and tells the waiting
 * tails what it committed, so they answer without a query (decision 027). Returns the stored
 * entries as the POST answers them.
 */
export async function ingestLogs(
  db: Kysely<Database>,
  notifier: LogNotifier,
  appId: number,
  entries: readonly LogIngestEntry[],
  hooks: IngestHooks = {},
): Promise<LogPage> {
  const { page, commit } = await insertLogs(db, appId, entries, hooks);
  notifier.notify(appId, commit);
  return page;
}

export interface RetentionLimits {
  /** Entries older than this many days go. */
  retentionDays: number;
  /** Each app's oldest minutes past this many stored bytes go too (0: off; decision 040). */
  maxBytesPerApp: number;
}

/**
 * One retention run: the log store's storage work ahead (PostgreSQL: the coming days'
 * partitions), then pruning by age and by size. Waiting tails, in every instance, may hold
 * entries it deleted, and a commit cannot tell them: after a run that deleted any, or failed
 * part way, every tail reads again (`notifyAll`). Returns how many entries went.
 */
export async function runLogRetention(
  db: Kysely<Database>,
  notifier: LogNotifier,
  limits: RetentionLimits,
): Promise<number> {
  try {
    await logStoreOf(db).prepare(db, Date.now() * 1000);
    let deleted = await pruneLogs(db, Date.now() / 1000 - limits.retentionDays * 86_400);
    if (limits.maxBytesPerApp > 0) deleted += await pruneLogsToSize(db, limits.maxBytesPerApp);
    if (deleted > 0) notifier.notifyAll();
    return deleted;
  } catch (error) {
    notifier.notifyAll();
    throw error;
  }
}
