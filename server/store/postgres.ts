/**
 * Opening the database on PostgreSQL (`DATABASE_URL=postgres://…`): a `pg` pool under Kysely's
 * PostgreSQL dialect. Values come back as the SQLite side returns them, decided here once for
 * every query: `int8` (ids, `time_us`, `count(*)`) as numbers (all stay below 2^53) and `json`
 * as its text, which the log page is concatenated from (decision 002).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './db';

const { builtins, getTypeParser } = pg.types;

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (oid === builtins.INT8) return Number;
    if (oid === builtins.JSON) return (value: string) => value;
    // Every other type keeps pg's parser (typed `any` by pg).
    return getTypeParser(oid, format) as unknown;
  },
};

export interface PostgresOptions {
  /** Most connections the pool opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /**
   * Told when the server closes a connection the pool holds idle (a restart, a failover, an
   * administrator). The pool drops it and opens a new one for the next query; without a listener
   * pg's pool would throw the error and end the process.
   */
  onIdleClientError?: (error: Error) => void;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  pool.on('error', options.onIdleClientError ?? (() => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
