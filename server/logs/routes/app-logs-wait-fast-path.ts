/**
 * The waiting tail's fast path (decision 036): `GET /api/apps/{key}/logs?since=…&wait=N`
 * answered on node's request, before Fastify sees it.
 *
 * A thousand tails re-poll about ten thousand times a second, and Fastify's request path (its
 * request and reply objects, hooks, routing, validation, promises) was work on each of them and
 * a sixth of the garbage each made (decision 036 has the figures). The fast path takes only
 * requests whose answer it can give exactly as the route would: a GET of that path with a plain
 * key (no percent-encoding), a query with `since` and `wait` that the route's own parser
 * (`parseLogQuery`, `parseWaitMs`) reads without an error, a token and membership the auth hook
 * has cached, and an app id the route has cached. Everything else goes on to Fastify (`handle`
 * returns false): the first request of a tail, every error, a request with a body, and all
 * requests once the service is closing (Fastify answers those 503). It is off (buildApp) while
 * Fastify logs requests, whose lines would miss these, and with CORS on, whose plugin adds
 * headers to every answer.
 * The answer's status, headers and bytes are the route's (a test compares both ways).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'fast-querystring';
import type { AuthContext } from '../../access/index';
import { errorAnswer } from '../../http/errors';
import type { LogTailWaits } from '../waits/log-waits';
import type { WaitSlots } from '../waits/wait-slots';
import { COMMON_SECURITY_HEADERS } from '../../http/security-headers';
import type { LogPage } from '../store/app-logs-page';
import { parseLogQuery, parseWaitMs, type RawLogQuery } from './log-query-params';
import type { AppIdCache } from './app-ids';
import {
  bodyOf,
  boundHeaders,
  LOG_PAGE_CONTENT_TYPE,
  waitForPage,
  type WatchAuthority,
} from './app-logs-wait';

export interface WaitFastPathDeps {
  waits: LogTailWaits;
  /** The caps on waiting tails, shared with the route. */
  slots: WaitSlots;
  appIds: AppIdCache;
  /** The auth hook's caches (`Authenticator.cached`). */
  cachedAuth: (headers: IncomingMessage['headers']) => AuthContext | undefined;
  /** Ends a wait whose token or membership is lost (decision 060). */
  watchAuthority: WatchAuthority;
  logError: (error: unknown, message: string) => void;
}

const PREFIX = '/api/apps/';
const SUFFIX = '/logs';
/** Keys Fastify's router passes as they are (no percent-decoding). */
const PLAIN_KEY = /^[A-Za-z0-9._~-]{1,200}$/;
/** The parameters of the route's query schema: each must be absent or one string. */
// `where` and `where_not` given once are read here; repeated, the route reads them.
const QUERY_FIELDS = [
  'since',
  'before',
  'level',
  'q',
  'job',
  'job_match',
  'limit',
  'wait',
  'where',
  'where_not',
] as const;

/** The header lines of every answer but `Content-Length` (and `Connection` when closing). */
const ANSWER_HEADERS: readonly string[] = [
  'content-type',
  LOG_PAGE_CONTENT_TYPE,
  'cache-control',
  'no-store',
  ...Object.entries(COMMON_SECURITY_HEADERS).flatMap(([name, value]) => [
    name.toLowerCase(),
    value,
  ]),
];

/** The key and raw query of a waiting tail's URL, or null for any other URL. */
function tailUrl(url: string): { key: string; query: RawLogQuery } | null {
  const mark = url.indexOf('?');
  if (!url.startsWith(PREFIX) || mark < 0 || url.includes('#')) return null;
  // Without `wait` (every page, volume and facet request) the route answers: known here before
  // the query is parsed, so those pay for this check and nothing else (issue 43). A `wait` that
  // is only percent-encoded (`w%61it`) is the route's too, which parses it the same way.
  if (url.indexOf('wait=', mark) < 0) return null;
  const path = url.slice(PREFIX.length, mark);
  if (!path.endsWith(SUFFIX)) return null;
  const key = path.slice(0, -SUFFIX.length);
  if (!PLAIN_KEY.test(key)) return null;
  const query = parseQueryString(url.slice(mark + 1)) as Record<string, unknown>;
  const raw: RawLogQuery = {};
  for (const field of QUERY_FIELDS) {
    const value = query[field];
    if (value === undefined) continue;
    // A repeated parameter (an array) is the route's: a 400, or repeated field conditions.
    if (typeof value !== 'string') return null;
    raw[field] = value;
  }
  return { key, query: raw };
}

export class WaitFastPath {
  /** Requests answered here since the start (the tests read it). */
  taken = 0;

  constructor(private readonly deps: WaitFastPathDeps) {}

  /** Answers `request` if it is a waiting tail the fast path can answer; false: Fastify's. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const { waits, appIds } = this.deps;
    const { headers } = request;
    if (request.method !== 'GET' || waits.isClosed()) return false;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return false;
    }
    const url = tailUrl(request.url ?? '');
    if (!url) return false;
    const auth = this.deps.cachedAuth(headers);
    if (!auth) return false;
    const appId = appIds.cached(auth.siteId, url.key);
    if (appId === undefined) return false;
    let filter;
    let waitMs;
    try {
      filter = parseLogQuery(url.query);
      waitMs = parseWaitMs(url.query, filter);
    } catch {
      // The route answers the same error, with its body.
      return false;
    }
    if (waitMs <= 0 || filter.sinceUs === undefined) return false;
    // A job pattern needs a query to resolve its names (decision 052): the route's.
    if (filter.jobMatch !== undefined) return false;
    this.taken += 1;
    let release;
    try {
      release = this.deps.slots.acquire(auth);
    } catch (error) {
      // Over a cap: the route's 429, with its body and Retry-After.
      this.fail(response, error);
      return true;
    }
    waitForPage(waits, appId, { ...filter, sinceUs: filter.sinceUs }, waitMs, response, release, {
      auth,
      watch: this.deps.watchAuthority,
    }).then(
      (page) => {
        this.answer(response, page);
      },
      (error: unknown) => {
        this.fail(response, error);
      },
    );
    return true;
  }

  private answer(response: ServerResponse, page: LogPage): void {
    if (response.destroyed) return;
    const body = bodyOf(page);
    const headers = [
      ...ANSWER_HEADERS,
      ...Object.entries(boundHeaders(page)).flat(),
      'content-length',
      String(body.length),
    ];
    // The server is closing and waits for this connection: keep-alive would hold it open.
    if (this.deps.waits.isClosed()) headers.push('connection', 'close');
    response.writeHead(200, headers);
    response.end(body);
  }

  private fail(response: ServerResponse, error: unknown): void {
    const { body, headers } = errorAnswer(error, 'log', this.deps.logError);
    if (response.destroyed) return;
    const text = JSON.stringify(body);
    response.writeHead(body.code, [
      ...ANSWER_HEADERS,
      ...Object.entries(headers).flat(),
      'content-length',
      String(Buffer.byteLength(text)),
    ]);
    response.end(text);
  }
}
