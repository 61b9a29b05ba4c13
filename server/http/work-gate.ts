/**
 * Fair use of the database (issue 26, decision 041): at most `perToken` requests of one token
 * and `perSite` of one site do their (database) work at once in this instance; the others wait
 * their turn, first come first served, at most `maxWaitMs`, and at most `maxQueuedPerToken` of a
 * token wait at all. A request that cannot have its turn is refused with 503 and `Retry-After`
 * (`tooBusy`), having done nothing. So one member running forty searches holds a few of the
 * pool's connections, never all of them, and another site's reads keep theirs.
 *
 * Engine-neutral: it counts requests where they meet the store, not connections, so SQLite's
 * requests take the same turns. Per instance (in memory): behind a load balancer a token's cap
 * is per instance.
 */
import { HttpError } from './errors';
import { KeyedCounts } from './keyed-counts';

export interface WorkGateLimits {
  /** Requests of one token at work at once; 0: no cap. */
  perToken: number;
  /** Requests of one site at work at once; 0: no cap. */
  perSite: number;
  /** Longest a request waits for its turn before the 503. */
  maxWaitMs: number;
}

/** DATABASE_WORK_PER_TOKEN, DATABASE_WORK_PER_SITE, DATABASE_WORK_WAIT_MS. */
export const DEFAULT_WORK_GATE_LIMITS: WorkGateLimits = {
  perToken: 4,
  perSite: 6,
  maxWaitMs: 5_000,
};

/**
 * How many a token may have waiting, per request it may have at work: enough for a burst (fifty
 * concurrent If-Match writers of one token all get their turn, the test suites do that), a
 * bound on what one token's waiters hold in memory.
 */
export const QUEUED_PER_RUNNING = 64;

/** When turns come free again: soon (requests take milliseconds to a second). */
const RETRY_AFTER_SECONDS = 1;

interface Waiter {
  token: string;
  site: string;
  admit: () => void;
}

/** Ends a turn; calling it again does nothing. */
export type Release = () => void;

export class WorkGate {
  private readonly runningByToken = new KeyedCounts<string>();
  private readonly runningBySite = new KeyedCounts<string>();
  private readonly queuedByToken = new KeyedCounts<string>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: WorkGateLimits = DEFAULT_WORK_GATE_LIMITS) {}

  /**
   * Waits for a turn of `token` and `site` ('' for a request without a site: only the token
   * counts); answers its release. Rejects with the 503 when the wait would be too long.
   */
  async enter(token: string, site: string): Promise<Release> {
    // A request that fits never waits behind others' turns (a release admits the waiters of its
    // own token and site at once, so a newcomer cannot overtake them).
    if (this.fits(token, site)) return this.start(token, site);
    const queued = this.queuedByToken.of(token);
    if (this.limits.perToken > 0 && queued >= this.limits.perToken * QUEUED_PER_RUNNING) {
      throw tooBusy();
    }
    this.queuedByToken.add(token);
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        token,
        site,
        admit: () => {
          clearTimeout(timer);
          this.queuedByToken.remove(token);
          resolve(this.start(token, site));
        },
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        this.queuedByToken.remove(token);
        reject(tooBusy());
      }, this.limits.maxWaitMs);
      this.queue.push(waiter);
    });
  }

  /** Requests at work now (tests). */
  running(): number {
    return this.runningByToken.total();
  }

  private fits(token: string, site: string): boolean {
    const { perToken, perSite } = this.limits;
    if (perToken > 0 && this.runningByToken.of(token) >= perToken) return false;
    if (site !== '' && perSite > 0 && this.runningBySite.of(site) >= perSite) return false;
    return true;
  }

  private start(token: string, site: string): Release {
    this.runningByToken.add(token);
    if (site !== '') this.runningBySite.add(site);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningByToken.remove(token);
      if (site !== '') this.runningBySite.remove(site);
      this.admitWaiting();
    };
  }

  /** Admits, in order, every waiter that fits now (one that does not fit does not block others). */
  private admitWaiting(): void {
    for (let i = 0; i < this.queue.length;) {
      const waiter = this.queue[i];
      if (waiter && this.fits(waiter.token, waiter.site)) {
        this.queue.splice(i, 1);
        waiter.admit();
      } else i++;
    }
  }
}

/** The refusal: 503, the Error body, `Retry-After`. */
export function tooBusy(): HttpError {
  return new HttpError(
    503,
    'Too many requests of this token or site are being worked on; try again shortly',
    [],
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}
