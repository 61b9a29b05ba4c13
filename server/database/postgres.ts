/**
 * Opening the database on PostgreSQL (`DATABASE_URL=postgres://…`): a `pg` pool under Kysely's
 * PostgreSQL dialect. Values come back as the SQLite side returns them, decided here once for
 * every query: `int8` (ids, `time_us`, `count(*)`) as numbers (all stay below 2^53) and `json`
 * as its text, which the log page is concatenated from (decision 002).
 */
import pg from 'pg';
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Database } from './schema';

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
   * Longest a query waits for a pooled connection (all busy, or the server not answering) before
   * it fails, answered 503 (database-unavailable.ts; DATABASE_ACQUIRE_TIMEOUT_MS). Default 5,000.
   */
  acquireTimeoutMs?: number;
  /**
   * Told when the server closes a connection the pool holds idle (a restart, a failover, an
   * administrator). The pool drops it and opens a new one for the next query; without a listener
   * pg's pool would throw the error and end the process.
   */
  onIdleClientError?: (error: Error) => void;
  /**
   * Longest any one statement on the pool's connections runs before PostgreSQL cancels it
   * (`statement_timeout`); default none. The alerts' pool sets it (decision 096).
   */
  statementTimeoutMs?: number;
}

/** The pool's default acquire timeout (PostgresOptions.acquireTimeoutMs). */
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;

/**
 * Gives a pooled client an `error` listener for its whole life. pg-pool listens to a client only
 * while it is idle; a checked-out client whose connection dies (57P01 on a server restart, a
 * reset socket) emits `error` even when a query is running (the query fails as well), and an
 * `error` event without a listener ends the process. The query in flight, if any, rejects with
 * the error (a 503, errors.ts); a client that saw it is no longer queryable, so pg-pool drops it
 * when it comes back and opens a new one for the next query.
 */
function guardClient(client: pg.PoolClient): void {
  client.on('error', () => {
    // Reported by the query it failed (or the pool's idle listener); nothing else to do here.
  });
}

/**
 * A second, smaller pool whose connections plan every statement generically
 * (`plan_cache_mode = force_generic_plan`): the log walks run there as named statements, so
 * each connection plans them once and prunes partitions when they run (runWithGenericPlan).
 */
const genericPlanPools = new WeakMap<Kysely<Database>, pg.Pool>();
/** The pool Kysely's queries and transactions take their connections from. */
const queryPools = new WeakMap<Kysely<Database>, pg.Pool>();

export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const size = options.poolSize ?? 10;
  const genericSize = Math.max(1, Math.floor(size / 4));
  const onError = options.onIdleClientError ?? (() => undefined);
  const common = {
    connectionString: url,
    types,
    // pg-pool applies it to waiting for a free connection as well as to opening one.
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    // A server that vanished without closing the socket (a failover) is noticed by TCP.
    keepAlive: true,
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { statement_timeout: options.statementTimeoutMs }),
  };
  const pool = new pg.Pool({ ...common, max: Math.max(1, size - genericSize) });
  const generic = new pg.Pool({
    ...common,
    max: genericSize,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  pool.on('error', onError);
  generic.on('error', onError);
  // Once per new connection (pool.query listens to its client itself; Kysely's connect() does not).
  pool.on('connect', guardClient);
  generic.on('connect', guardClient);
  const both = {
    connect: () => pool.connect(),
    end: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: both }) });
  genericPlanPools.set(db, generic);
  queryPools.set(db, pool);
  return db;
}

/** Most connections Kysely's pool of `db` hands out at once (openPostgres); undefined on SQLite. */
export function queryPoolSize(db: Kysely<Database>): number | undefined {
  return queryPools.get(db)?.options.max;
}

/**
 * Counts the connections handed out by the pools of `db` (opened by openPostgres) from now on,
 * both Kysely's and the generic-plan one, until `stop`: what shows that some work took nothing
 * from a pool (the alerts' evaluator and the requests' pool, decision 096). On SQLite, 0.
 */
export function countPoolAcquisitions(db: Kysely<Database>): {
  count: () => number;
  stop: () => void;
} {
  const pools = [queryPools.get(db), genericPlanPools.get(db)].filter(
    (pool): pool is pg.Pool => pool !== undefined,
  );
  let acquired = 0;
  const onAcquire = () => (acquired += 1);
  for (const pool of pools) pool.on('acquire', onAcquire);
  return {
    count: () => acquired,
    stop: () => {
      for (const pool of pools) pool.off('acquire', onAcquire);
    },
  };
}

/**
 * Runs a read whose best plan does not depend on its parameter values (a walk of the
 * (app_id, time_us) index: tail and page) as a named statement with a generic plan: planning it
 * over the day partitions took as long as running it (0.3–0.45 ms against 0.2–0.3 ms,
 * decision 029). In a transaction (not opened by openPostgres) it runs there, planned each time.
 */
export async function runWithGenericPlan<R>(
  db: Kysely<Database>,
  query: CompiledQuery<R>,
): Promise<R[]> {
  const generic = genericPlanPools.get(db);
  if (generic === undefined) return (await db.executeQuery(query)).rows;
  // Statement texts here are few (one per filter shape), so their names need no eviction.
  const name = `sc_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  const result = await generic.query<R & pg.QueryResultRow>({
    name,
    text: query.sql,
    values: [...query.parameters],
  });
  return result.rows;
}
