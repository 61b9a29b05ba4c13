/**
 * The alerts' own database connections (issue 41, decision 096): on PostgreSQL the evaluator and
 * the delivery of its outbox run on a small pool of their own, opened beside the requests' pool,
 * with a statement timeout of their own, so a check never holds a connection a request waits
 * for, and a full requests' pool never stops a check. On SQLite there is no pool to share: the
 * evaluator uses the service's one connection, statement by statement (decision 096 says why).
 */
import { isPostgresUrl } from '../database/engine';
import { openPostgres } from '../database/postgres';
import type { Db } from '../database/schema';

export interface AlertsDatabaseOptions {
  /** Most connections the alerts' pool opens (ALERTS_DATABASE_POOL_SIZE). */
  poolSize: number;
  /** Longest one of its statements runs (ALERTS_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** Longest it waits for one of its connections (DATABASE_ACQUIRE_TIMEOUT_MS). */
  acquireTimeoutMs?: number;
  /** Told when the server closes an idle connection of the pool. */
  onIdleClientError?: (error: Error) => void;
}

export interface AlertsDatabase {
  /** What the evaluator and the delivery read and write through. */
  db: Db;
  /** Closes the alerts' pool (nothing on SQLite, where `db` is the service's). */
  close: () => Promise<void>;
}

/** The alerts' database for the service at `url`, whose requests use `requests`. */
export function openAlertsDatabase(
  url: string,
  requests: Db,
  options: AlertsDatabaseOptions,
): AlertsDatabase {
  if (!isPostgresUrl(url)) return { db: requests, close: () => Promise.resolve() };
  // The options are PostgresOptions' own, so they go as they are (an unset one stays unset).
  const db = openPostgres(url, options);
  return { db, close: () => db.destroy() };
}
