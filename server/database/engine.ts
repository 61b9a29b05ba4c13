/**
 * Which database engine a Kysely instance (or any of its transactions) runs on, read from its
 * adapter: the one place that tells SQLite and PostgreSQL apart (docs/decisions/012).
 */
import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** `postgres://…` or `postgresql://…`; anything else is a SQLite path or `:memory:`. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

// Migrations see every schema, not only today's Database type, so any Kysely is accepted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  throw new Error(`Unsupported dialect ${adapter.constructor.name}`);
}
