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
 * On PostgreSQL the contents are read with the transaction snapshot they were read at
 * (`pg_current_snapshot()`: the next transaction id and those in progress). A mark or check that
 * finds the server's current snapshot equal to that one reads nothing: no transaction has taken an
 * id since, and none of those then in progress has ended, so every table holds what it held
 * (MVCC: equal snapshots see equal rows). The same shortcut as SQLite's `data_version`, and as
 * strict: any write anywhere on the server (even another database's) makes the next check read
 * the contents and compare them, as every check did before (issue 36: that read, the log table's
 * size included, was most of the PostgreSQL fuzz's CPU).
 */
class PostgresSnapshots implements DbSnapshots {
  private readonly client: pg.Client;
  /** The contents last read and the snapshot they were read at. */
  private last = { contents: '', snapshot: '' };
  /** What the last mark found. */
  private marked = { contents: '', snapshot: '' };
  private readonly query = [
    // Repeatable read: every statement below sees the one snapshot that the first one returns.
    'begin isolation level repeatable read read only',
    'select pg_current_snapshot()::text as snapshot',
    ...TABLES.map((table) => `select * from ${table}`),
    LOG_SUMMARY.postgres,
    'commit',
  ].join(';\n');

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  async connect(): Promise<this> {
    await this.client.connect();
    return this;
  }

  private async currentSnapshot(): Promise<string> {
    const result = await this.client.query<{ snapshot: string }>(
      'select pg_current_snapshot()::text as snapshot',
    );
    return result.rows[0]?.snapshot ?? '';
  }

  /** The contents now, or those last read when nothing has changed since. */
  private async contents(): Promise<{ contents: string; snapshot: string }> {
    if ((await this.currentSnapshot()) === this.last.snapshot) return this.last;
    // Several statements in one simple query answer one result each; pg's types know only
    // the single-statement answer, hence the cast.
    const results = (await this.client.query(this.query)) as unknown as pg.QueryResult<object>[];
    const [, snapshot, ...tables] = results.slice(0, -1);
    const [row] = (snapshot?.rows ?? []) as { snapshot: string }[];
    this.last = {
      contents: contentsOf(tables.map((result) => result.rows)),
      snapshot: row?.snapshot ?? '',
    };
    return this.last;
  }

  async mark(): Promise<void> {
    this.marked = await this.contents();
  }

  async unchangedSinceMark(): Promise<boolean> {
    return (await this.contents()).contents === this.marked.contents;
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
