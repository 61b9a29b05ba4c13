/**
 * Turns at a SQLite file's one write lock between this thread's write transactions and the
 * search indexer's worker thread (log-search-indexer.ts, decision 023). Without them, a
 * transaction that found the lock held by the worker would wait in SQLite's busy handler, which
 * sleeps: on the main thread, that stops the event loop (and every request) for the while.
 * Taking turns here, the main thread waits for a promise and serves other requests meanwhile.
 */
export class WriteTurns {
  private last: Promise<unknown> = Promise.resolve();

  /** Runs `write` once every turn asked for before it has ended. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.last.then(write);
    this.last = result.catch(() => undefined);
    return result;
  }
}

// Keyed by the Kysely instance openDatabase returned (an object: it may be any database).
const turnsByDatabase = new WeakMap<object, WriteTurns>();

/** Runs `write` in `db`'s next turn while an indexer runs on its file, else at once. */
export function inWriteTurn<T>(db: object, write: () => Promise<T>): Promise<T> {
  return turnsByDatabase.get(db)?.run(write) ?? write();
}

export function setWriteTurns(db: object, turns: WriteTurns | undefined): void {
  if (turns) turnsByDatabase.set(db, turns);
  else turnsByDatabase.delete(db);
}
