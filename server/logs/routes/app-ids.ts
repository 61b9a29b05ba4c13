/**
 * App key → the app's integer id, for the log routes: a client polling logs several times a
 * second costs no lookup each time. App keys never change and apps are not deleted, so the
 * answer is kept briefly (APP_ID_TTL_MS, a TtlCache) and a miss goes to the database.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../../http/errors';
import { findAppRow } from '../../apps/index';
import type { Database } from '../../database/schema';
import { TtlCache } from '../../http/ttl-cache';

/** How long an app id answers from memory (default of AppIdCache's `ttlMs`). */
export const APP_ID_TTL_MS = 5_000;
const MAX_CACHED_KEYS = 10_000;

export class AppIdCache {
  private readonly ids: TtlCache<number>;

  /**
   * `ttlMs`: how long an id answers from memory. The waiting tail's fast path answers only from
   * it, so tests of what the fast path takes set a lifetime longer than the test, as they do the
   * auth cache's: otherwise a pause on a busy machine, not the request, decides.
   */
  constructor(
    private readonly db: Kysely<Database>,
    ttlMs = APP_ID_TTL_MS,
  ) {
    this.ids = new TtlCache<number>(ttlMs, MAX_CACHED_KEYS);
  }

  /** The id if it is cached and fresh; undefined: ask `idOf`. */
  cached(siteId: string, key: string): number | undefined {
    return this.ids.get(`${siteId}\u0000${key}`);
  }

  /** The id of the site's app `key`; a 404 `app` Error when there is none. */
  async idOf(siteId: string, key: string): Promise<number> {
    const cached = this.cached(siteId, key);
    if (cached !== undefined) return cached;
    const row = await findAppRow(this.db, siteId, key);
    if (!row) throw notFound('app');
    this.ids.set(`${siteId}\u0000${key}`, row.id);
    return row.id;
  }
}
