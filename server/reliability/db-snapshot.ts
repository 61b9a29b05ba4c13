/**
 * "A failed write changes nothing", checked from outside the service: a connection of its own
 * to the service's database (read-only on SQLite). Rows are compared as sorted JSON text, so no
 * engine-specific ordering (SQLite's rowid) is needed.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../database/engine';

/** Everything but access_tokens (whose last_used_at any authenticated request may touch). */
const TABLES = [
  'sites',
  'users',
  'memberships',
  'apps',
  'consent_configs',
  'consent_applications',
  'consent_cookies',
  'notifications',
  'notification_translations',
  'revisions',
  'log_views',
  'layouts',
  'snippets',
];
// The log table grows large: its size and last row stand for it.
const LOG_SUMMARY = {
  sqlite:
    'select count(*) as entries, max(id) as last_id, total(length(data)) as bytes from app_logs',
  postgres:
    'select count(*) as entries, max(id) as last_id, coalesce(sum(length(data::text)), 0) as bytes from app_logs',
};

function contentsOf(tables: readonly (readonly unknown[])[]): string {
  return JSON.stringify(tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort()));
}

export interface DbSnapshots {
  /** Remembers the current contents. */
  mark(): Promise<void>;
  /** Whether the contents are still those of the last mark. */
  unchangedSinceMark(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * On SQLite `PRAGMA data_version` changes exactly when another connection commits, so the
 * contents are read only when something was committed.
 */
class SqliteSnapshots implements DbSnapshots {
  private readonly db: Database.Database;
  private version = -1;
  private contents = '';

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
  }

  private dataVersion(): number {
    return Number(this.db.pragma('data_version', { simple: true }));
  }

  private read(): string {
    const queries = [...TABLES.map((table) => `select * from ${table}`), LOG_SUMMARY.sqlite];
    return contentsOf(queries.map((query) => this.db.prepare(query).all()));
  }

  mark(): Promise<void> {
    const version = this.dataVersion();
    if (version !== this.version) {
      this.version = version;
      this.contents = this.read();
    }
    return Promise.resolve();
  }

  unchangedSinceMark(): Promise<boolean> {
    if (this.dataVersion() === this.version) return Promise.resolve(true);
    return Promise.resolve(this.read() === this.contents);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

/**
 * On PostgreSQL every check reads the contents: all tables in one round trip. A mark right after
 * a check that found them unchanged reads nothing: they are still the marked ones (nothing runs
 * between the check and the next mark). If something else wrote meanwhile, the next check sees
 * a change and fails: the shortcut can fail a run, never pass one that changed something.
 */
class PostgresSnapshots implements DbSnapshots {
  private readonly client: pg.Client;
  private contents = '';
  /** Whether the last check found the database as marked. */
  private confirmed = false;
  private readonly query = [
    ...TABLES.map((table) => `select * from ${table}`),
    LOG_SUMMARY.postgres,
  ].join(';\n');

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  async connect(): Promise<this> {
    await this.client.connect();
    return this;
  }

  private async read(): Promise<string> {
    // Several statements in one simple query answer one result each; pg's types know only
    // the single-statement answer, hence the cast.
    const results = (await this.client.query(this.query)) as unknown as pg.QueryResult<object>[];
    return contentsOf(results.map((result) => result.rows));
  }

  async mark(): Promise<void> {
    if (!this.confirmed) this.contents = await this.read();
    this.confirmed = false;
  }

  async unchangedSinceMark(): Promise<boolean> {
    this.confirmed = (await this.read()) === this.contents;
    return this.confirmed;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Snapshots of the database at `url` (a PostgreSQL URL or an SQLite file path). */
export async function openDbSnapshots(url: string): Promise<DbSnapshots> {
  if (isPostgresUrl(url)) return new PostgresSnapshots(url).connect();
  return new SqliteSnapshots(url);
}
