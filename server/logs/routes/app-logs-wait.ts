/**
 * What the two ways of answering a waiting tail share (decisions 013, 027 and 036): the Fastify
 * route in app-logs.ts, and the fast path below Fastify in app-logs-wait-fast-path.ts.
 */
import type { ServerResponse } from 'node:http';
import type { Departure, LogTailWaits, WaitFilter } from '../waits/log-waits';
import type { LogPage } from '../store/app-logs-page';

export const LOG_PAGE_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A page's body, encoded once: the tails a commit wakes are sent one page object, and each
 * gets the same bytes.
 */
const bodies = new WeakMap<LogPage, Buffer>();
export function bodyOf(page: LogPage): Buffer {
  let body = bodies.get(page);
  if (!body) {
    body = Buffer.from(page.json);
    bodies.set(page, body);
  }
  return body;
}

/**
 * A wait that ends when the client goes away (abort, lost connection). `release` gives back the
 * caller's slot (WaitSlots.acquire, taken before) when the wait ends, however it ends.
 */
export function waitForPage(
  waits: LogTailWaits,
  appId: number,
  filter: WaitFilter,
  waitMs: number,
  response: ServerResponse,
  release: () => void,
): Promise<LogPage> {
  const client: Departure = {
    gone: response.destroyed,
    listen: (listener) => {
      response.on('close', listener);
      return () => response.removeListener('close', listener);
    },
  };
  try {
    return waits.page(appId, filter, waitMs, client).finally(release);
  } catch (error) {
    release();
    throw error;
  }
}
