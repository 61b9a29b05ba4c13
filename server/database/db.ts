/**
 * Opening the database: Kysely over PostgreSQL for a `postgres://` URL (postgres.ts), else over
 * a SQLite file or `:memory:` (sqlite.ts). That is all this file does (decision 043): the table
 * types are in schema.ts, migrating in migrate.ts, write transactions in transactions.ts.
 *
 * Repositories use plain Kysely; what differs per engine sits behind a small seam picked from
 * the engine a database was opened with (engine.ts; the log store, decisions 009 and 012).
 */
import type { Kysely } from 'kysely';
import { isPostgresUrl } from './engine';
import { openPostgres, type PostgresOptions } from './postgres';
import type { Database } from './schema';
import { openSqlite } from './sqlite';

/**
 * Opens the database at `url`: PostgreSQL for `postgres://…` (with `options.poolSize`), else the
 * SQLite file at that path (created) or `:memory:`.
 */
export function openDatabase(url: string, options: PostgresOptions = {}): Kysely<Database> {
  return isPostgresUrl(url) ? openPostgres(url, options) : openSqlite(url);
}
