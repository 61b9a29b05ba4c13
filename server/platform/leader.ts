/**
 * Work that must run in one instance only (the demo log generator, log retention). On SQLite
 * there is one instance, so it simply runs. On PostgreSQL the instance holding a session
 * advisory lock runs it; the others try again every `retryMs`, so when the leader stops or dies
 * (its connection closes and PostgreSQL releases the lock) another one takes over.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { engineOf } from '../database/engine';

/** Starts the work; answers a function that stops it. */
export type Work = () => () => Promise<void>;

/** The advisory lock of the instance that runs the background work (any number, the same everywhere). */
const LEADER_LOCK = 7_310_003;

/**
 * Resolves when `until` does; rejects as soon as `select 1` on `conn` fails (every `everyMs`):
 * the session, and with it the advisory lock, is gone.
 */
async function holdWhileAlive(
  conn: Kysely<Database>,
  until: Promise<void>,
  everyMs: number,
): Promise<void> {
  const resigned = until.then(() => 'resigned' as const);
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const beat = new Promise<'beat'>((wake) => (timer = setTimeout(() => wake('beat'), everyMs)));
    const woke = await Promise.race([resigned, beat]);
    clearTimeout(timer);
    if (woke === 'resigned') return;
    await sql`select 1`.execute(conn);
  }
}

/**
 * Runs `work` while this instance leads; answers a function that stops it (and leading). A
 * leader whose connection is lost (the server restarted, decision 041) lost its lock with it: it
 * stops the work within `heartbeatMs` and tries for the lock again like the others, so there is
 * never a second leader for long, and never none once the server is back.
 */
export function runWhileLeader(
  db: Kysely<Database>,
  work: Work,
  options: { retryMs?: number; heartbeatMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<void> {
  if (engineOf(db) === 'sqlite') return work();
  let stopped = false;
  let resign: () => void = () => undefined;
  const resigned = new Promise<void>((done) => (resign = done));
  let leading: Promise<void> = Promise.resolve();
  let trying = false;

  const attempt = () => {
    trying = true;
    leading = db
      .connection()
      .execute(async (conn) => {
        const lock = await sql<{
          got: boolean;
        }>`select pg_try_advisory_lock(${LEADER_LOCK}) as got`.execute(conn);
        if (lock.rows[0]?.got !== true) return;
        const stop = work();
        try {
          await holdWhileAlive(conn, resigned, options.heartbeatMs ?? 2_000);
        } finally {
          await stop();
          // Fails when the connection is gone, and then the server has released the lock.
          await sql`select pg_advisory_unlock(${LEADER_LOCK})`.execute(conn).catch(() => undefined);
        }
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (trying = false));
  };
  const timer = setInterval(() => {
    if (!stopped && !trying) attempt();
  }, options.retryMs ?? 15_000);
  timer.unref();
  attempt();

  return async () => {
    stopped = true;
    clearInterval(timer);
    resign();
    await leading;
  };
}
