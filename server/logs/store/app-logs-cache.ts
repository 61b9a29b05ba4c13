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
 * back), and the bounds read for them were ~5 % of such a page's CPU (issue 43). The keys asked
 * once are remembered, at most `maxAskedOnce`, the oldest forgotten first.
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
  /** Keys asked once and not kept, oldest first. */
  private readonly askedOnce = new Set<string>();

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAskedOnce = 10_000,
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
    if (hit === undefined && !this.askedOnce.delete(key)) {
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

  private rememberAskedOnce(key: string): void {
    if (this.askedOnce.size >= this.maxAskedOnce) {
      const oldest = this.askedOnce.values().next();
      if (oldest.done !== true) this.askedOnce.delete(oldest.value);
    }
    this.askedOnce.add(key);
  }

  private remove(key: string, cached: Cached): void {
    this.pages.delete(key);
    this.bytes -= cached.page.json.length;
  }
}
