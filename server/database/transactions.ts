/**
 * Write transactions on either engine, and turns between writers (decision 012). Opening is
 * db.ts's job; this is what repositories call inside it.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine';
import type { Database } from './schema';
import { inSqliteWriteTransaction } from './sqlite-write-lock';

/**
 * A write transaction. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write lock
 * first, so that another process writing at the same time (a second service process, the token
 * CLI) makes it wait instead of failing with SQLITE_BUSY when a deferred transaction tries to
 * turn from reading to writing; the wait is on a timer, not the event loop, and ends after
 * SQLITE_BUSY_TIMEOUT_MS with DatabaseBusyError (a 503; sqlite-write-lock.ts). On PostgreSQL it
 * is a plain (read committed) transaction: row locks and conditional updates decide between
 * writers. On SQLite only the log file's lock is taken, not the search file's, so the search
 * indexer writes its own file meanwhile (decision 032). `fn` must use the `trx` it is given.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (engineOf(db) === 'postgres') return db.transaction().execute(fn);
  return inSqliteWriteTransaction(db, fn);
}

/**
 * Inside a write transaction: waits until no other transaction, in any instance, holds `lock`
 * (released when the transaction ends). On PostgreSQL a transaction advisory lock; on SQLite
 * nothing, as writeTransaction's write lock already lets one writer at a time.
 */
export async function takeTurns(trx: Kysely<Database>, lock: number): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${lock})`.execute(trx);
}
