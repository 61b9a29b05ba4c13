/**
 * Read-modify-write of one row inside a write transaction. On SQLite the transaction holds the
 * file's write lock from its first statement (`BEGIN IMMEDIATE`), so what it read stays current.
 * On PostgreSQL (read committed) two transactions may read the same version; without a row lock
 * the slower one's conditional UPDATE then matches nothing and a write without If-Match, which
 * is unconditional, answered 412 (issue 26). `SELECT … FOR UPDATE` makes the second reader wait
 * for the first to commit and read what it wrote.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { engineOf } from './engine';

export function lockedForWrite<DB, TB extends keyof DB, O>(
  // Any schema: the lock does not depend on the tables.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/** How a repository's find reads a row: plainly, or locked for a write that follows. */
export interface FindOptions {
  /** Inside a write transaction that will update the row: lock it (PostgreSQL). */
  forWrite?: boolean;
}
