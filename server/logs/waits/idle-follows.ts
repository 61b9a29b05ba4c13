/**
 * Follows of waiting tails that have no request left linger FOLLOW_LINGER_MS (log-waits.ts), so
 * the tails they answered find them current when they ask again; a sweep every FOLLOW_LINGER_MS
 * drops the ones no request came back to. At most MAX_IDLE_FOLLOWS linger.
 */

/** How long a follow without requests keeps up with commits. */
export const FOLLOW_LINGER_MS = 10_000;
/** Follows without requests kept at most. */
const MAX_IDLE_FOLLOWS = 200;

export interface Lingering {
  /** When its last request left (Date.now()); 0 while it has requests. */
  idleSince: number;
}

export class IdleFollows<F extends Lingering> {
  private count = 0;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    /** Every follow, idle or not, for the sweep. */
    private readonly follows: () => Iterable<F>,
    /** Drops a follow the sweep found idle too long (which calls `forget`). */
    private readonly drop: (follow: F) => void,
  ) {}

  /** True when no more follows may linger: drop the next one instead. */
  full(): boolean {
    return this.count >= MAX_IDLE_FOLLOWS;
  }

  /** `follow` lost its last request: it lingers until a request comes or the sweep drops it. */
  linger(follow: F): void {
    follow.idleSince = Date.now();
    this.count += 1;
    this.sweepTimer ??= setInterval(() => {
      this.sweep();
    }, FOLLOW_LINGER_MS);
    this.sweepTimer.unref();
  }

  /** `follow` has a request again. */
  wake(follow: F): void {
    if (follow.idleSince === 0) return;
    follow.idleSince = 0;
    this.count -= 1;
  }

  /** `follow` is dropped; the sweep stops when none lingers. */
  forget(follow: F): void {
    if (follow.idleSince !== 0) this.count -= 1;
    if (this.count === 0 && this.sweepTimer !== null) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = null;
    }
  }

  /** Drops the follows no request has used for FOLLOW_LINGER_MS. */
  private sweep(): void {
    const before = Date.now() - FOLLOW_LINGER_MS;
    for (const follow of [...this.follows()]) {
      if (follow.idleSince !== 0 && follow.idleSince <= before) this.drop(follow);
    }
  }
}
