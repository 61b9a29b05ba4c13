/**
 * Write transactions on a SQLite file that other processes write too (a second service process,
 * the token command): `BEGIN IMMEDIATE` takes the file's one write lock before anything is read,
 * so no transaction ever has to turn from reading into writing (which fails at once with
 * SQLITE_BUSY when another connection committed meanwhile, whatever the busy timeout).
 *
 * The lock is waited for here, not in SQLite's busy handler: the handler sleeps, and on the main
 * thread a sleep stops every request for as long as another process writes (up to the busy
 * timeout). Here each try fails at once when the lock is held, and the next one comes after a
 * short timer, so the event loop serves other requests meanwhile; the tries also come often
 * enough to get the lock between another process's commits, where the busy handler's sleeps (up
 * to 100 ms) could miss every gap for the whole timeout. Past the timeout the transaction gives
 * up with DatabaseBusyError (a 503 with Retry-After: errors.ts), having written nothing.
 *
 * Only the log file's lock is taken, not the attached search file's (decision 032): `BEGIN
 * IMMEDIATE` locks every attached file, so once the log file has its AUTOINCREMENT sequence (the
 * first migration made it) a deferred `BEGIN` is followed by a write to that file that changes
 * nothing, which takes its lock as IMMEDIATE would, and no other.
 */
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { onSqliteConnection, type PrepareOnConnection } from './sqlite-connection';

/**
 * How long a SQLite connection waits for a lock another one holds (its `busy_timeout`), and how
 * long a write transaction tries for the write lock before DatabaseBusyError.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Pauses between tries double up to this: short, to find the gaps between others' commits. */
const MAX_PAUSE_MS = 16;

/** The write lock of the database could not be had within SQLITE_BUSY_TIMEOUT_MS. */
export class DatabaseBusyError extends Error {
  constructor() {
    super(`The database write lock was held by another writer for ${SQLITE_BUSY_TIMEOUT_MS} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** Whether `error` is a lock another connection held past the wait (SQLITE_BUSY and its kinds). */
export function isDatabaseBusy(error: unknown): boolean {
  return (
    error instanceof DatabaseBusyError ||
    (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY'))
  );
}

const BUSY = Symbol('busy');

/**
 * The transaction's own statements, run on the held connection's prepared statements
 * (sqlite-connection.ts, decision 094), each side back to back in one synchronous call: through
 * Kysely's driver each of the five a batch runs (two pragmas, `begin`, the lock, `commit`) was a
 * frozen query, a promise and BigInt ids (issue 43).
 */
const BEGIN = 'begin';
const BEGIN_IMMEDIATE = 'begin immediate';
const COMMIT = 'commit';
const ROLLBACK = 'rollback';
const NO_BUSY_WAIT = 'pragma busy_timeout = 0';
const BUSY_WAIT = `pragma busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`;

/** Changes nothing, but takes the log file's write lock only (`sqlite_sequence` is in it). */
const LOCK_LOG_FILE = 'delete from main.sqlite_sequence where 0';

/** Runs one statement as Kysely's driver does: a pragma answers a row, the others none. */
function run(prepare: PrepareOnConnection, text: string): void {
  const statement = prepare(text);
  if (statement.reader) statement.all();
  else statement.run();
}

/** Databases whose log file has `sqlite_sequence`, so LOCK_LOG_FILE can run. */
const sequenceKnown = new WeakSet<object>();

async function hasSequence<DB>(db: Kysely<DB>, conn: Kysely<DB>): Promise<boolean> {
  if (sequenceKnown.has(db)) return true;
  const found = await sql`select 1 from main.sqlite_master where name = 'sqlite_sequence'`.execute(
    conn,
  );
  if (found.rows.length > 0) sequenceKnown.add(db);
  return found.rows.length > 0;
}

/**
 * Runs `fn` in a `BEGIN IMMEDIATE` transaction on `db` (SQLite), trying for the write lock until
 * SQLITE_BUSY_TIMEOUT_MS has passed; commits when `fn` resolves, rolls back when it throws.
 * Between tries the connection is free for other queries. `fn` must use the `trx` it is given.
 */
export async function inSqliteWriteTransaction<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    const outcome = await db.connection().execute(async (conn) => {
      const logFileOnly = await hasSequence(db, conn);
      const begun = await onSqliteConnection(conn, (prepare) =>
        tryBeginWrite(prepare, logFileOnly),
      );
      if (!begun) return BUSY;
      try {
        const result = await fn(conn);
        await onSqliteConnection(conn, (prepare) => run(prepare, COMMIT));
        return { result };
      } catch (error) {
        await onSqliteConnection(conn, (prepare) => run(prepare, ROLLBACK));
        throw error;
      }
    });
    if (outcome !== BUSY) return outcome.result;
    if (Date.now() >= deadline) throw new DatabaseBusyError();
    await new Promise((wake) => setTimeout(wake, pause));
  }
}

/**
 * Begins a transaction holding the log file's write lock without waiting in the busy handler;
 * false when another connection holds it. `logFileOnly`: lock that file alone (LOCK_LOG_FILE).
 */
function tryBeginWrite(prepare: PrepareOnConnection, logFileOnly: boolean): boolean {
  run(prepare, NO_BUSY_WAIT);
  try {
    if (!logFileOnly) {
      run(prepare, BEGIN_IMMEDIATE);
      return true;
    }
    run(prepare, BEGIN);
    try {
      run(prepare, LOCK_LOG_FILE);
    } catch (error) {
      run(prepare, ROLLBACK);
      throw error;
    }
    return true;
  } catch (error) {
    if (isDatabaseBusy(error)) return false;
    throw error;
  } finally {
    run(prepare, BUSY_WAIT);
  }
}
