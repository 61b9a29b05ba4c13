/**
 * A test client's `since` paging of an app's log, as a tail reads it: the cursor is the time of
 * the newest entry read, and since `since` is inclusive, the entry at the cursor comes again in
 * the next page and is not new.
 */
import type { AppLogEntry } from '../../contract/schemas/app-log';

export class SinceCursor {
  private lastId = '';

  constructor(
    /** The `since` of the next request. */
    public time: number,
  ) {}

  /** The entries of `page` not read before; the cursor moves to the page's last entry. */
  take(page: readonly AppLogEntry[]): AppLogEntry[] {
    const fresh = page.filter((entry) => entry.time > this.time || entry.id !== this.lastId);
    const last = page.at(-1);
    if (last) {
      this.time = last.time;
      this.lastId = last.id;
    }
    return fresh;
  }
}
