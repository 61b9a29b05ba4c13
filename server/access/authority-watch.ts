/**
 * Waiting log tails end when their authority does (issue 42, decision 060): a revoked or expired
 * token, or a member removed from the site, answers every waiting tail of that token 401/403
 * within AUTH_CHANGE_POLL_MS and one query, on every instance.
 *
 * While any tail waits, the instance reads the auth change counter every AUTH_CHANGE_POLL_MS (the
 * auth hook's own read, so its cache stays fresh meanwhile and no second read is made) and checks
 * expiries. A tail remembers the counter its authority was good at; when the counter moved, the
 * token and membership of each distinct (token, site) are read again (store/write-authority.ts),
 * once per move. No tail waits: no timer, no query. A change of role leaves a tail waiting, as
 * every role may read logs.
 *
 * An answer about to be sent asks `verdict` first: a loss already seen refuses it; after a change
 * made through this instance (`changed`), answers of the next two poll intervals read their
 * token and membership once before they go, so an entry committed after a revocation here never
 * reaches a tail of the revoked token. A change made through another instance is seen at its
 * next poll: an entry committed within that interval after it may still be delivered once.
 */
import type { Kysely } from 'kysely';
import type { AuthContext } from './auth';
import type { Database } from '../database/schema';
import { authorityLoss, AuthorityLost, type WriteAuthority } from '../database/write-authority';

interface Watched {
  readonly auth: AuthContext;
  /** The counter the authority was last known good at; undefined: read it again. */
  version: number | undefined;
  readonly listeners: Set<(error: Error) => void>;
}

export class AuthorityWatch {
  private readonly watched = new Map<string, Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The check under way, if any. */
  private polling: Promise<void> | null = null;
  /** Checks finished since the start (tests count them). */
  checks = 0;
  /** performance.now() of the last change made through this instance. */
  private changedAt = -Infinity;
  /** Losses seen lately, by key, so an answer already under way is refused too. */
  private readonly losses = new Map<string, { error: Error; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    /** The auth change counter now (the auth hook's read, shared). */
    private readonly counter: () => Promise<number>,
    private readonly pollMs: number,
    private readonly logError: (error: unknown) => void,
    /** The clock expiries are compared with, epoch ms (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls `onLost` once when the authority of `auth` is gone; returns what stops watching. */
  watch(auth: AuthContext, onLost: (error: Error) => void): () => void {
    const key = keyOf(auth);
    let entry = this.watched.get(key);
    if (!entry) {
      entry = { auth, version: auth.changeVersion, listeners: new Set() };
      this.watched.set(key, entry);
    }
    const listeners = entry.listeners;
    listeners.add(onLost);
    this.timer ??= setInterval(() => {
      void this.poll();
    }, this.pollMs);
    this.timer.unref();
    return () => {
      listeners.delete(onLost);
      if (listeners.size === 0 && this.watched.get(key)?.listeners === listeners) {
        this.watched.delete(key);
      }
      if (this.watched.size === 0) this.stop();
    };
  }

  /**
   * A token was revoked or a membership changed through this instance: every watched authority
   * is read again at once, and answers meanwhile wait for their own check (`verdict`).
   */
  changed(): void {
    this.changedAt = performance.now();
    for (const entry of this.watched.values()) entry.version = undefined;
    if (this.watched.size > 0) void this.poll();
  }

  /**
   * Whether an answer of `auth` may go: undefined if so, else the error to answer with. Costs a
   * query only shortly after a change made through this instance.
   */
  async verdict(auth: AuthContext): Promise<Error | undefined> {
    const seen = this.losses.get(keyOf(auth));
    if (seen) return seen.error;
    if (performance.now() - this.changedAt > 2 * this.pollMs) return undefined;
    return authorityLoss(this.db, lookupOf(auth));
  }

  /** Stops the timer (the server is closing; tails are answered by their own close). */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One check that starts now (after the one under way, if any), as the timer's next turn makes
   * it; resolves when it is done. Tests with a timer that never fires drive the watch with it.
   */
  async pollNow(): Promise<void> {
    while (this.polling) await this.polling;
    await this.poll();
  }

  /** Starts a check unless one is under way; the one under way (the timer does not wait). */
  private poll(): Promise<void> {
    if (this.polling) return this.polling;
    this.polling = this.check().then(
      () => {
        this.checks += 1;
        this.polling = null;
      },
      (error: unknown) => {
        this.checks += 1;
        this.polling = null;
        // The database is away: the tails go on; the next turn reads again.
        this.logError(error);
      },
    );
    return this.polling;
  }

  private async check(): Promise<void> {
    const now = this.now();
    for (const [key, entry] of [...this.watched]) {
      const { expiresAt } = entry.auth;
      if (expiresAt != null && Date.parse(expiresAt) <= now) {
        this.lose(key, entry, new AuthorityLost('token'));
      }
    }
    if (this.watched.size === 0) return;
    const counter = await this.counter();
    for (const [key, entry] of [...this.watched]) {
      if (entry.version === counter) continue;
      const lost = await authorityLoss(this.db, lookupOf(entry.auth));
      if (lost) this.lose(key, entry, lost);
      // Read after the counter: good at least as of `counter`.
      else entry.version = counter;
    }
  }

  private lose(key: string, entry: Watched, error: Error): void {
    if (this.watched.get(key) === entry) this.watched.delete(key);
    const now = performance.now();
    for (const [old, loss] of this.losses) if (now - loss.at > 10_000) this.losses.delete(old);
    this.losses.set(key, { error, at: now });
    for (const listener of [...entry.listeners]) listener(error);
    entry.listeners.clear();
    if (this.watched.size === 0) this.stop();
  }
}

function keyOf(auth: AuthContext): string {
  return `${String(auth.tokenId)}\u0000${auth.siteId}`;
}

/** A read of token and membership as they are now (no counter to compare with, any role). */
function lookupOf(auth: AuthContext): WriteAuthority {
  return {
    tokenId: auth.tokenId,
    userId: auth.userId,
    siteId: auth.siteId,
    needs: null,
    version: undefined,
    expiresAt: auth.expiresAt ?? null,
  };
}
