/**
 * Log retention: entries older than LOG_RETENTION_DAYS, and each app's oldest minutes past
 * `maxBytesPerApp` (retention by size, decision 040), are pruned at start and every
 * LOG_RETENTION_INTERVAL_SECONDS (an hour), after the log store's storage work ahead (PostgreSQL:
 * the coming days' partitions). A run that fails (on SQLite: another process held the write lock
 * past the wait) has deleted only whole steps (SQLite deletes in bounded steps, each with its
 * rollup counts: logs/store/app-logs-prune-steps.ts) and rolled back the rest; the next run
 * deletes what is left. A run never starts while the last one is still going.
 */
import type { Kysely } from 'kysely';
import { runLogRetention } from '../logs/log-writes';
import type { LogNotifier } from '../logs/waits/log-notifier';
import type { Database } from '../database/schema';

/** Runs retention now and every `intervalMs`; waiting tails are told (runLogRetention). */
export function startLogRetention(
  db: Kysely<Database>,
  notifier: LogNotifier,
  retentionDays: number,
  onResult: (deleted: number, error?: unknown) => void,
  intervalMs = 60 * 60 * 1000,
  maxBytesPerApp = 0,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runLogRetention(db, notifier, { retentionDays, maxBytesPerApp })
      .then(
        (deleted) => onResult(deleted),
        (error: unknown) => onResult(0, error),
      )
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What retention by size keeps of each app: 90 % of the byte quota (0: off), so an app that
 * reached the quota can store again after the next run.
 */
export function retentionBytesOf(quotaBytes: number): number {
  return Math.floor(quotaBytes * 0.9);
}
