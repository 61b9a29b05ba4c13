/**
 * A cache of answered log pages, for the many viewers that poll the same page of an app.
 *
 * A page is reused while the app's oldest and newest entry times are what they were when the
 * page was read: ingestion only appends (times strictly increase per app) and pruning only
 * removes the oldest, so any change through the repository moves one of the two bounds, from
 * this process or another one. Both are read through the (app_id, time_us) index. Pages of a
 * `q` without `since` and `before` depend on the clock (the 24 h window ends now) and are not
 * cached. Bounded by total size, least recently used out first.
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

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  async query(
    db: Kysely<Database>,
    appId: number,
    filter: LogFilter,
    options: QueryOptions = {},
  ): Promise<LogPage> {
    if (filter.search && filter.sinceUs === undefined && filter.beforeUs === undefined) {
      return queryLogs(db, appId, filter, options);
    }
    // Asked on every page: compiled once (store/compiled-once.ts).
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
    const key = `${appId}|${JSON.stringify(filter)}`;
    const hit = this.pages.get(key);
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

  private remove(key: string, cached: Cached): void {
    this.pages.delete(key);
    this.bytes -= cached.page.json.length;
  }
}
