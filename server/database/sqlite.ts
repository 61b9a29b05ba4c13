/**
 * Opening the database on SQLite (any `DATABASE_URL` that is not `postgres://…`): the file at
 * that path (its folder is created) or `:memory:`, with WAL, foreign keys on, busy_timeout 5000
 * and synchronous NORMAL, so another process (the token CLI, a second service) can write too;
 * the search index's file is attached as `search` (log-search-file.ts, decision 032), and the
 * SQL function `within_deadline` is registered (the log search's time budget).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase } from 'kysely';
import { attachSearchFile } from './log-search-file';
import type { Database } from './schema';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-write-lock';
import { sqliteDialect } from './sqlite-connection';

export function openSqlite(url: string): Kysely<Database> {
  const filename = url === ':memory:' ? url : resolve(url);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${String(SQLITE_BUSY_TIMEOUT_MS)}`);
  sqlite.pragma('synchronous = NORMAL');
  registerDeadlineFunction(sqlite);
  attachSearchFile(sqlite, filename);
  return new Kysely<Database>({
    dialect: sqliteDialect(withStatementCache(sqlite)),
  });
}

/**
 * A statement ran past its deadline; thrown from inside it by `within_deadline`. SQLite runs on
 * the event loop and better-sqlite3 cannot interrupt a statement, so a per-row check is what
 * bounds a long read's time (the log search, server/logs/store/app-logs-sqlite.ts).
 */
export class StatementDeadlineError extends Error {
  override name = 'StatementDeadlineError';
}

/** `within_deadline(epochMs)`: 1 while the clock is before it, else StatementDeadlineError. */
function registerDeadlineFunction(sqlite: SQLite.Database): void {
  sqlite.function('within_deadline', { deterministic: false }, (deadline: unknown) => {
    if (typeof deadline === 'number' && Date.now() >= deadline) {
      throw new StatementDeadlineError('The search ran past its time budget');
    }
    return 1;
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
