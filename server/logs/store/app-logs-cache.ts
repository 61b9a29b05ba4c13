/**
 * A cache of answered log pages, for the many viewers that poll the same page of an app.
 *
 * A page is reused while the app's oldest and newest entry times are what they were when the
 * page was read: ingestion only appends (times strictly increase per app) and pruning only
 * removes the oldest, so any change through the repository moves one of the two bounds, from
 * this process or another one. Both are read through the (app_id, time_us) index. Pages of a
 * `q` without `since` and `before` depend on the clock (the 24 h window ends now) and are not
 * cached. Bounded by total size, least recently used out first.
 *
 * A page is kept from its second asking: most pages are asked once (a random `before`, a scroll
 * back), and reading the bounds for each went through Kysely's driver (issue 43). The keys asked
 * once are remembered up to `maxAskedOnceChars` of them (a key holds the query's filter, up to
 * the request line's size), the oldest forgotten first.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { LogFilter } from './app-logs-filter';
import { queryLogs, type QueryOptions } from './app-logs-read';
import { runCompiledOnce } from '../../database/compiled-once';
import type { LogPage } from './app-logs-page';

interface Cached {
  lo: number | null;
  hi: number | null;
  page: LogPage;
}

export class LogPageCache {
  private readonly pages = new Map<string, Cached>();
  private bytes = 0;
  /** Keys asked once and not kept, oldest first, and their characters in all. */
  private readonly askedOnce = new Set<string>();
  private askedOnceChars = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAskedOnceChars = 1024 * 1024,
  ) {}

  async query(
    db: Kysely<Database>,
    appId: number,
    filter: LogFilter,
    options: QueryOptions = {},
  ): Promise<LogPage> {
    if (filter.search && filter.sinceUs === undefined && filter.beforeUs === undefined) {
      return queryLogs(db, appId, filter, options);
    }
    const key = `${appId}|${JSON.stringify(filter)}`;
    const hit = this.pages.get(key);
    if (hit === undefined && !this.forgetAskedOnce(key)) {
      this.rememberAskedOnce(key);
      return queryLogs(db, appId, filter, options);
    }
    // Asked on every page asked before: compiled once (store/compiled-once.ts).
    const [bounds] = await runCompiledOnce(
      db,
      'log-page-bounds',
      (built) =>
        built.selectNoFrom((eb) => [
          eb
            .selectFrom('app_logs')
            .select((inner) => inner.fn.min('time_us').as('lo'))
            .where('app_id', '=', 0)
            .as('lo'),
          eb
            .selectFrom('app_logs')
            .select((inner) => inner.fn.max('time_us').as('hi'))
            .where('app_id', '=', 0)
            .as('hi'),
        ]),
      [appId, appId],
    );
    if (bounds === undefined) throw new Error('the bounds query answered no row');
    const { lo, hi } = bounds;
    if (hit && hit.lo === lo && hit.hi === hi) {
      this.pages.delete(key); // re-insert: most recently used last
      this.pages.set(key, hit);
      return hit.page;
    }
    const page = await queryLogs(db, appId, filter, options);
    if (hit) this.remove(key, hit);
    if (page.json.length <= this.maxBytes / 8) {
      this.pages.set(key, { lo, hi, page });
      this.bytes += page.json.length;
      for (const [oldKey, old] of this.pages) {
        if (this.bytes <= this.maxBytes) break;
        this.remove(oldKey, old);
      }
    }
    return page;
  }

  /** Whether `key` was asked once; it is not remembered as such any more. */
  private forgetAskedOnce(key: string): boolean {
    if (!this.askedOnce.delete(key)) return false;
    this.askedOnceChars -= key.length;
    return true;
  }

  private rememberAskedOnce(key: string): void {
    this.askedOnce.add(key);
    this.askedOnceChars += key.length;
    for (const oldest of this.askedOnce) {
      if (this.askedOnceChars <= this.maxAskedOnceChars || oldest === key) break;
      this.forgetAskedOnce(oldest);
    }
  }

  private remove(key: string, cached: Cached): void {
    this.pages.delete(key);
    this.bytes -= cached.page.json.length;
  }
}
