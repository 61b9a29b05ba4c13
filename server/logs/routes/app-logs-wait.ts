/**
 * What the two ways of answering a waiting tail share (decisions 013, 027 and 036): the Fastify
 * route in app-logs.ts, and the fast path below Fastify in app-logs-wait-fast-path.ts.
 */
import type { ServerResponse } from 'node:http';
import type { LogTailWaits } from '../waits/log-waits';
import type { Departure, WaitFilter } from '../waits/log-wait-types';
import type { LogPage } from '../store/app-logs-page';
import { US_PER_SECOND } from '../store/app-logs-filter';
import { LOG_PAGE_CUT_HEADER, LOG_SCANNED_UNTIL_HEADER } from '../../../contract/schemas/app-log';
import type { AuthContext } from '../../access/index';

export const LOG_PAGE_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The headers of a page that says it is bounded (decision 076): left out of its bytes
 * (LOG_PAGE_CUT_HEADER), or read only in part with field conditions (LOG_SCANNED_UNTIL_HEADER,
 * the time to ask again from, in the float epoch seconds of an entry's `time`).
 */
export function boundHeaders(page: LogPage): Record<string, string> {
  const headers: Record<string, string> = {};
  if (page.cut === true) headers[LOG_PAGE_CUT_HEADER] = 'bytes';
  if (page.scannedUntilUs !== undefined) {
    headers[LOG_SCANNED_UNTIL_HEADER] = String(page.scannedUntilUs / US_PER_SECOND);
  }
  return headers;
}

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

/** Pages sent once as their text (pageBodyOf). */
const sentOnce = new WeakSet<LogPage>();

/**
 * A page's body for the route: its text the first time (Node writes a string to the socket as
 * it is; encoding a random page first was one more copy and a Buffer per page, ~6 % of a page's
 * CPU, issue 43), the bytes of bodyOf from its second time on (a cached page many viewers poll,
 * a tail's page a commit woke for several tails).
 */
export function pageBodyOf(page: LogPage): string | Buffer {
  const body = bodies.get(page);
  if (body) return body;
  if (sentOnce.has(page)) return bodyOf(page);
  sentOnce.add(page);
  return page.json;
}

/**
 * Calls `onLost` when the authority of `auth` is gone (a revoked or expired token, a removed
 * member: authority-watch.ts, decision 060); answers what stops watching.
 */
export interface WatchAuthority {
  watch(auth: AuthContext, onLost: (error: Error) => void): () => void;
  /** Undefined when an answer of `auth` may go now, else the error to answer instead. */
  verdict(auth: AuthContext): Promise<Error | undefined>;
}

/**
 * A wait that ends when the client goes away (abort, lost connection), or with the 401/403 of
 * its lost authority (the page it had is not sent). `release` gives back the caller's slot
 * (WaitSlots.acquire, taken before) when the wait ends, however it ends.
 */
export function waitForPage(
  waits: LogTailWaits,
  appId: number,
  filter: WaitFilter,
  waitMs: number,
  response: ServerResponse,
  release: () => void,
  authority: { auth: AuthContext; watch: WatchAuthority },
): Promise<LogPage> {
  let lost: Error | undefined;
  const client: Departure = {
    gone: response.destroyed,
    listen: (listener) => {
      response.on('close', listener);
      const unwatch = authority.watch.watch(authority.auth, (error) => {
        lost = error;
        listener();
      });
      return () => {
        response.removeListener('close', listener);
        unwatch();
      };
    },
  };
  try {
    return waits
      .page(appId, filter, waitMs, client)
      .then(async (page) => {
        const refused = lost ?? (await authority.watch.verdict(authority.auth));
        if (refused) throw refused;
        return page;
      })
      .finally(release);
  } catch (error) {
    release();
    throw error;
  }
}
