/**
 * The better-sqlite3 database behind a Kysely SQLite connection, for the few hot statements that
 * run many times a second with only their values changing: the log insert, the page walk
 * (issue 43, decision 094). Through Kysely each run built a frozen CompiledQuery (a copy of every
 * parameter, a query id), went through the driver's promise and BigInt ids; here the statement is
 * prepared once per connection (the statement cache of sqlite.ts) and run with its values.
 *
 * Kysely still builds what it is good at: a statement's text is compiled by Kysely once per shape
 * (app-logs-walk-sql.ts) and run here. The connection is held as Kysely holds it for a query
 * (`provideConnection`), so a statement run here never lands inside another caller's open
 * transaction, and one run with a transaction's Kysely runs in that transaction.
 */
import type SQLite from 'better-sqlite3';
import { SqliteDialect, type DatabaseConnection, type Kysely, type SqliteDatabase } from 'kysely';

/** Each connection's database, registered when Kysely creates the connection. */
const databases = new WeakMap<DatabaseConnection, SqliteDatabase>();

/** Kysely's SQLite dialect on `database`, whose connection `onSqliteConnection` can reach. */
export function sqliteDialect(database: SqliteDatabase): SqliteDialect {
  return new SqliteDialect({
    database,
    onCreateConnection: (connection) => {
      databases.set(connection, database);
      return Promise.resolve();
    },
  });
}

/**
 * Prepares a statement on the held connection (prepared once per text: sqlite.ts's cache). It is
 * better-sqlite3's statement (openSqlite, and the tests' wrappers, hand better-sqlite3's
 * databases to sqliteDialect), so a hot read can take its rows as arrays (`raw`).
 */
export type PrepareOnConnection = (text: string) => SQLite.Statement;

/**
 * Runs `work` with the connection of `db` (a database or one of its transactions) held, given
 * the connection's `prepare`. `work` is synchronous: better-sqlite3 is, and nothing else runs on
 * the connection meanwhile.
 */
export function onSqliteConnection<T>(
  // Any schema: the connection is the same whatever tables the caller's Kysely type knows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  work: (prepare: PrepareOnConnection) => T,
): Promise<T> {
  return db.getExecutor().provideConnection((connection) => {
    const database = databases.get(connection);
    if (database === undefined) {
      throw new Error('This SQLite connection was not opened through sqliteDialect');
    }
    // Kysely's SqliteDatabase types the statement by the few members its driver uses.
    return Promise.resolve(work((text) => database.prepare(text) as unknown as SQLite.Statement));
  });
}
