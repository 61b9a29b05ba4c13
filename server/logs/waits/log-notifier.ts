import type { LogCommit } from '../store/app-logs-page';

/**
 * "Entries of app N were committed": the signal waiting log tails (`GET /apps/{key}/logs
 * ?wait=N`, see log-waits.ts) need. A writer calls `notify` after its transaction commits, with
 * what the commit wrote, so the tails are answered without a query (decision 027); a listener
 * gets null for a commit it cannot see (another process's, or unheard).
 *
 * More than one process: on PostgreSQL `PostgresLogNotifier` (postgres-log-notifier.ts) also
 * sends `NOTIFY app_logs, '<app id>'` and listens for the other instances' (decision 020).
 * Waiting code does not change.
 */
export interface LogNotifier {
  /** `commit` was committed to `appId`. */
  notify(appId: number, commit: LogCommit | null): void;
  /**
   * Entries of any app may have changed in a way no commit tells (retention deleted some): every
   * listener, in every instance, hears a commit it cannot see (null) and reads again.
   */
  notifyAll(): void;
  /** Calls `listener` after each commit of `appId`; returns the unsubscribe. */
  subscribe(appId: number, listener: LogCommitListener): () => void;
}

export type LogCommitListener = (commit: LogCommit | null) => void;

/** Within one process: a set of listeners per app. */
export class InProcessLogNotifier implements LogNotifier {
  private readonly listeners = new Map<number, Set<LogCommitListener>>();

  notify(appId: number, commit: LogCommit | null): void {
    const listeners = this.listeners.get(appId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(commit);
  }

  notifyAll(): void {
    for (const appId of [...this.listeners.keys()]) this.notify(appId, null);
  }

  subscribe(appId: number, listener: LogCommitListener): () => void {
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
