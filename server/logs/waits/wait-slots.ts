/**
 * How many waiting tails (`GET …/logs?since=…&wait=N`) one member and one site may hold open at
 * once (issue 26: one token opened 21,000 and the process ran out of file descriptors). A wait
 * takes a slot before it starts and gives it back when it answers or its client goes away;
 * past either cap the request is a 429 with `Retry-After`, on both ways a tail is answered (the
 * Fastify route and the fast path below it, decision 036).
 *
 * Per member: all of a user's tokens together (a member with a second token gets no more). In
 * memory, per process: with several instances each holds its own caps.
 */
import type { AuthContext } from '../../access/index';
import { tooManyRequests } from '../../http/errors';
import { KeyedCounts } from '../../http/keyed-counts';

export interface WaitLimits {
  /** Waiting tails of one member (user), over all their tokens and sites. */
  perUser: number;
  /** Waiting tails on one site, of all its members. */
  perSite: number;
}

/** A dashboard tab holds one or two; a hundred is many tabs or a script. */
export const DEFAULT_WAIT_LIMITS: WaitLimits = { perUser: 100, perSite: 500 };

/** A refused tail tries again after this long (a tail re-polls anyway). */
const RETRY_AFTER_SECONDS = 2;

export class WaitSlots {
  private readonly byUser = new KeyedCounts<number>();
  private readonly bySite = new KeyedCounts<string>();

  constructor(private readonly limits: WaitLimits = DEFAULT_WAIT_LIMITS) {}

  /** Takes a slot for `auth` or throws the 429; the function gives it back (once). */
  acquire(auth: AuthContext): () => void {
    if (this.byUser.of(auth.userId) >= this.limits.perUser) {
      throw tooManyRequests(
        RETRY_AFTER_SECONDS,
        `Too many waiting log tails of this member (at most ${this.limits.perUser}); try again later`,
      );
    }
    if (this.bySite.of(auth.siteId) >= this.limits.perSite) {
      throw tooManyRequests(
        RETRY_AFTER_SECONDS,
        `Too many waiting log tails on this site (at most ${this.limits.perSite}); try again later`,
      );
    }
    this.byUser.add(auth.userId);
    this.bySite.add(auth.siteId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.byUser.remove(auth.userId);
      this.bySite.remove(auth.siteId);
    };
  }

  /** Slots held now (the tests read it). */
  held(): number {
    return this.byUser.total();
  }
}
