/**
 * Log retention: entries older than LOG_RETENTION_DAYS are pruned at start and every hour, after
 * the log store's storage work ahead (PostgreSQL: the coming days' partitions).
 */
import type { Kysely } from 'kysely';
import { pruneLogs } from './store/app-logs';
import { logStoreOf } from './store/log-store';
import type { Database } from './store/db';

export function startLogRetention(
  db: Kysely<Database>,
  retentionDays: number,
  onResult: (deleted: number, error?: unknown) => void,
): () => void {
  const run = () => {
    const cutoff = Date.now() / 1000 - retentionDays * 86_400;
    logStoreOf(db)
      .prepare(db, Date.now() * 1000)
      .then(() => pruneLogs(db, cutoff))
      .then(
        (deleted) => onResult(deleted),
        (error: unknown) => onResult(0, error),
      );
  };
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
