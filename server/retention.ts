/**
 * Log retention: entries older than LOG_RETENTION_DAYS are pruned at start and every
 * LOG_RETENTION_INTERVAL_SECONDS (an hour), after the log store's storage work ahead (PostgreSQL:
 * the coming days' partitions). A run that fails (on SQLite: another process held the write lock
 * past the wait) has deleted only whole apps' share and rolled back the rest; the next run
 * deletes what is left. A run never starts while the last one is still going.
 */
import type { Kysely } from 'kysely';
import { pruneLogs } from './store/app-logs';
import { logStoreOf } from './store/log-store';
import type { Database } from './store/db';

export function startLogRetention(
  db: Kysely<Database>,
  retentionDays: number,
  onResult: (deleted: number, error?: unknown) => void,
  intervalMs = 60 * 60 * 1000,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    const cutoff = Date.now() / 1000 - retentionDays * 86_400;
    logStoreOf(db)
      .prepare(db, Date.now() * 1000)
      .then(() => pruneLogs(db, cutoff))
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
