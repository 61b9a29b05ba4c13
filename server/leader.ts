/**
 * Work that must run in one instance only (the demo log generator, log retention). On SQLite
 * there is one instance, so it simply runs. On PostgreSQL the instance holding a session
 * advisory lock runs it; the others try again every `retryMs`, so when the leader stops or dies
 * (its connection closes and PostgreSQL releases the lock) another one takes over.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './store/db';
import { engineOf } from './store/engine';

/** Starts the work; answers a function that stops it. */
export type Work = () => () => Promise<void>;

/** The advisory lock of the instance that runs the background work (any number, the same everywhere). */
const LEADER_LOCK = 7_310_003;

/** Runs `work` while this instance leads; answers a function that stops it (and leading). */
export function runWhileLeader(
  db: Kysely<Database>,
  work: Work,
  options: { retryMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<void> {
  if (engineOf(db) === 'sqlite') return work();
  let stopped = false;
  let resign: () => void = () => undefined;
  const resigned = new Promise<void>((done) => (resign = done));
  let leading: Promise<void> = Promise.resolve();

  const attempt = () => {
    leading = db
      .connection()
      .execute(async (conn) => {
        const lock = await sql<{
          got: boolean;
        }>`select pg_try_advisory_lock(${LEADER_LOCK}) as got`.execute(conn);
        if (lock.rows[0]?.got !== true) return;
        clearInterval(timer);
        const stop = work();
        try {
          await resigned;
        } finally {
          await stop();
          await sql`select pg_advisory_unlock(${LEADER_LOCK})`.execute(conn);
        }
      })
      .catch((error: unknown) => options.onError?.(error));
  };
  const timer = setInterval(() => {
    if (!stopped) attempt();
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
