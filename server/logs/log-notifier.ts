/**
 * "Entries of app N were committed": the one signal waiting log tails (`GET /apps/{key}/logs
 * ?wait=N`, see log-waits.ts) need. A writer calls `notify` after its transaction commits; a
 * waiting request `subscribe`s to its app.
 *
 * More than one process: on PostgreSQL `PostgresLogNotifier` (postgres-log-notifier.ts) also
 * sends `NOTIFY app_logs, '<app id>'` and listens for the other instances' (decision 020).
 * Waiting code does not change.
 */
export interface LogNotifier {
  /** Entries of `appId` were committed. */
  notify(appId: number): void;
  /** Calls `listener` after each commit of `appId`; returns the unsubscribe. */
  subscribe(appId: number, listener: () => void): () => void;
}

/** Within one process: a set of listeners per app. */
export class InProcessLogNotifier implements LogNotifier {
  private readonly listeners = new Map<number, Set<() => void>>();

  notify(appId: number): void {
    const listeners = this.listeners.get(appId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener();
  }

  /** Wakes every app's listeners (after commits may have gone unheard). */
  notifyAll(): void {
    for (const appId of [...this.listeners.keys()]) this.notify(appId);
  }

  subscribe(appId: number, listener: () => void): () => void {
    let listeners = this.listeners.get(appId);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(appId, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.listeners.get(appId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(appId);
    };
  }

  /** Listeners still subscribed (tests check that waits leave none behind). */
  listenerCount(): number {
    let count = 0;
    for (const listeners of this.listeners.values()) count += listeners.size;
    return count;
  }
}
