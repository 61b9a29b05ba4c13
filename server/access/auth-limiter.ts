/**
 * The failed-auth limiter (decision 011): ten failures from one address within a fixed minute
 * make further failures from it 429 until the minute ends. On SQLite (one instance) the counts
 * live in memory; on PostgreSQL in the unlogged table `auth_failures`, so failures spread over
 * several instances add up (decision 012).
 */
import type { Kysely } from 'kysely';
import { FixedWindowLimiter } from '../http/fixed-window-limiter';
import { engineOf } from '../database/engine';
import { countAuthFailure, sweepAuthFailures } from './store/auth-failures';
import type { Database } from '../database/schema';

export interface FailedAuthLimiter {
  /**
   * Records a failed authentication from `address`, unless the address is refused already;
   * answers the seconds it is refused for (0: not refused, answer 401).
   */
  fail(address: string): Promise<number>;
}

/** Counts failed authentications per address in fixed one-minute windows, in memory. */
export class AuthFailureLimiter implements FailedAuthLimiter {
  private readonly failures: FixedWindowLimiter;

  constructor(maxFailures = 10, windowMs = 60_000, now: () => number = Date.now) {
    this.failures = new FixedWindowLimiter(maxFailures, windowMs, now);
  }

  fail(address: string): Promise<number> {
    return Promise.resolve(this.failures.take(address));
  }
}

/** Old windows are deleted once every this many failures. */
const SWEEP_EVERY = 1000;

/** Counts failures per address in the database, so every instance sees the same counts. */
export class DatabaseAuthFailureLimiter implements FailedAuthLimiter {
  private failures = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
  ) {}

  async fail(address: string): Promise<number> {
    const now = Date.now();
    this.failures += 1;
    if (this.failures % SWEEP_EVERY === 0) await sweepAuthFailures(this.db, now - this.windowMs);
    const window = await countAuthFailure(this.db, address, now, this.windowMs);
    if (window.failures <= this.maxFailures) return 0;
    return Math.max(window.start + this.windowMs - now, 1) / 1000;
  }
}

/** The limiter of the engine `db` runs on. */
export function defaultAuthLimiter(db: Kysely<Database>, maxFailures = 10): FailedAuthLimiter {
  return engineOf(db) === 'postgres'
    ? new DatabaseAuthFailureLimiter(db, maxFailures)
    : new AuthFailureLimiter(maxFailures);
}
