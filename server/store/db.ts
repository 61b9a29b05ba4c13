/**
 * The database: Kysely over better-sqlite3 or PostgreSQL, and the table types every repository uses.
 *
 * - `openDatabase(url)` opens PostgreSQL for a `postgres://` URL (postgres.ts), else a SQLite
 *   file (its folder is created) or `:memory:`, with WAL, foreign keys on, busy_timeout 5000 and
 *   synchronous NORMAL, so another process (the token CLI, a second service) can write too;
 *   the search index's file is attached as `search` (log-search-file.ts, decision 032).
 * - `migrateToLatest(db)` runs the migrations in `./migrations` (in code, at start).
 *
 * Opening and `writeTransaction` are engine-specific; repositories use plain Kysely, and the log
 * SQL sits behind the LogStore seam (decisions 009, 012). Booleans are stored as 0/1 integers and lists/objects as
 * JSON text (encoding.ts); repositories take and return domain objects and do that encoding
 * themselves (docs/decisions/009).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  sql,
  SqliteDialect,
  type Generated,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import type { AppLogMinutesTable, AppLogsTable } from './app-logs-table';
import { registerLogSqlFunctions } from './app-logs-sqlite';
import { engineOf, isPostgresUrl } from './engine';
import { attachSearchFile } from './log-search-file';
import { logStoreOf } from './log-store';
import { openPostgres, type PostgresOptions } from './postgres';
import { inSqliteWriteTransaction, SQLITE_BUSY_TIMEOUT_MS } from './sqlite-write-lock';
import { migrations } from './migrations/index';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  created_at: string;
}

export interface SitesTable extends SiteLocaleColumns {
  id: string;
  name: string;
  created_at: string;
}

export interface MembershipsTable {
  user_id: number;
  site_id: string;
  role: string;
  created_at: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AppsTable {
  id: Generated<number>;
  site_id: string;
  key: string;
  name: string;
  url: string;
  domain: string;
  callback_url: string;
  internal: number;
  /** JSON array of scope names. */
  install_scopes: string;
  sdk_version: string;
  compiled_at: string | null;
  /** JSON arrays (compile errors, functions, routes, callbacks, jobs, schedules). */
  compile_errors: string;
  functions: string;
  routes: string;
  callbacks: string;
  jobs: string;
  schedules: string;
  created_at: string;
  updated_at: string;
  /** Bumped on every real change; the ETag is derived from it. */
  version: number;
}

export interface ConsentConfigsTable {
  site_id: string;
  privacy_policy_kind: string;
  /** JSON object locale → URL. */
  privacy_policy_url: string;
  privacy_policy_page_id: string | null;
  /** JSON array of purposes `{ name, description }`. */
  purposes: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ConsentApplicationsTable {
  id: Generated<number>;
  site_id: string;
  name: string;
  position: number;
  /** JSON localized texts. */
  title: string;
  description: string;
  /** JSON array of purpose names. */
  purposes: string;
  required: number;
  default_enabled: number;
  opt_out: number;
  placeholder_message: string;
  placeholder_action: string;
}

export interface ConsentCookiesTable {
  site_id: string;
  id: string;
  position: number;
  name: string;
  path: string;
  domain: string;
  /** Name of the consent application the cookie belongs to. */
  application: string;
}

export interface NotificationsTable {
  id: string;
  site_id: string;
  slug: string;
  name: string;
  description: string;
  subject: string;
  text: string;
  html: string;
  html_enabled: number;
  created_at: string;
  updated_at: string;
  version: number;
}

// --- Site languages and notification translations (issue 28, migration 012, decision 045) ---

/** The columns migration 012 adds to `sites` (SitesTable includes them); each has a default. */
export interface SiteLocaleColumns {
  /** A BCP 47 tag in canonical form, one of `locales` ('en'). */
  default_locale: Generated<string>;
  /** JSON array of canonical BCP 47 tags, the default among them, in the site's order. */
  locales: Generated<string>;
  updated_at: Generated<string>;
  /** Bumped on every real change of name or languages; the ETag is derived from it. */
  version: Generated<number>;
}

export interface NotificationTranslationsTable {
  notification_id: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  /** The default language's subject, text and html when the translation was last saved. */
  based_on_subject: string;
  based_on_text: string;
  based_on_html: string;
  updated_at: string;
}

// --- end of issue 28's table types ---

export interface Database {
  users: UsersTable;
  sites: SitesTable;
  memberships: MembershipsTable;
  access_tokens: AccessTokensTable;
  apps: AppsTable;
  app_logs: AppLogsTable;
  app_log_minutes: AppLogMinutesTable;
  consent_configs: ConsentConfigsTable;
  consent_applications: ConsentApplicationsTable;
  consent_cookies: ConsentCookiesTable;
  notifications: NotificationsTable;
  notification_translations: NotificationTranslationsTable;
}

export type Db = Kysely<Database>;

/**
 * Opens the database at `url`: PostgreSQL for `postgres://…` (with `options.poolSize`), else the
 * SQLite file at that path (created) or `:memory:`.
 */
export function openDatabase(url: string, options: PostgresOptions = {}): Kysely<Database> {
  if (isPostgresUrl(url)) return openPostgres(url, options);
  const filename = url === ':memory:' ? url : resolve(url);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`);
  sqlite.pragma('synchronous = NORMAL');
  registerLogSqlFunctions(sqlite);
  attachSearchFile(sqlite, filename);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; parsing is a measurable share of a short
 * query and of the 500-row log insert (≈0.4 ms of a ≈13 ms batch, decision 002). Statements
 * are reused by SQL text; one still iterating (`busy`) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement === undefined || statement.busy) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/** Any number, the same in every instance: the advisory lock instances migrate under. */
const MIGRATION_LOCK = 7_310_001;

/**
 * Runs every pending migration, then prepares the log store (PostgreSQL: the coming days'
 * partitions); throws (with the failing migration's error) if one fails. Instances starting at
 * once take turns: on SQLite the whole run is one write transaction, on PostgreSQL it holds a
 * session advisory lock on one connection.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    // Kysely runs SQLite migrations outside any transaction (no transactional DDL in its
    // adapter): processes starting at once on a new file would both run the first one. In one
    // write transaction they take turns, and a failed run leaves nothing half done.
    await writeTransaction(db, runMigrations);
    await logStoreOf(db).prepare(db, Date.now() * 1000);
    return;
  }
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await runMigrations(conn);
      await logStoreOf(conn).prepare(conn, Date.now() * 1000);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function runMigrations(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}

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

/** Current time as the service stores and emits it: ISO 8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}
