/**
 * The floor of bench/tail.ts (`BASELINE=raw`): the same waiting tail over node:http and
 * better-sqlite3 alone, with nothing of the service. A POST of entries is one transaction into a
 * bare table (times strictly increasing per app), and then answers, in the same turn, every
 * waiting request of that app whose page now holds a newer entry; a GET with `since` and `wait`
 * is answered at once when its page holds an entry newer than `since`, else when a commit brings
 * one or its wait ends. Pages come from the app's recent entries in memory, one encoded body per
 * (app, since) and commit, as the service shares them. Token and site are compared as strings.
 *
 * No validation, no error bodies, no security headers, no search, no spreading of answers over
 * turns: what it costs is what node:http, the socket writes, SQLite and V8 cost for this load,
 * so the service's numbers can be read as a ratio to it in the same run on the same machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { startProbe } from './tail-server-probe';

const TOKEN = 'raw-bench-token';
const SITE = 'bench';
const appKeys = Array.from({ length: Number(process.env.APPS ?? 10) }, (_, i) => `tail-${i}`);
/** Recent entries kept per app, as the service's follows keep five pages of 200. */
const KEPT = 1000;

interface Entry {
  timeUs: number;
  json: string;
}

interface Waiter {
  response: ServerResponse;
  sinceUs: number;
  limit: number;
  timer: ReturnType<typeof setTimeout>;
}

interface AppState {
  entries: Entry[];
  lastUs: number;
  waiters: Set<Waiter>;
  /** Bodies by `since` and limit, until the next commit. */
  bodies: Map<string, { body: Buffer; newestUs: number }>;
}

const db = new Database(process.env.DATABASE_URL ?? ':memory:');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`create table if not exists logs (
  id integer primary key, app text not null, level text not null, data text not null,
  time_us integer not null)`);
db.exec('create index if not exists logs_app_time on logs (app, time_us)');
const insertRow = db.prepare(
  'insert into logs (app, level, data, time_us) values (?, ?, ?, ?) returning id',
);
let statements = 0;
const insertBatch = db.transaction((key: string, logs: Array<{ level: string; data: string }>) => {
  const state = apps.get(key);
  if (!state) throw new Error(`no app ${key}`);
  const rows: Entry[] = [];
  for (const log of logs) {
    const timeUs = Math.max(Date.now() * 1000, state.lastUs + 1);
    state.lastUs = timeUs;
    const { id } = insertRow.get(key, log.level, log.data, timeUs) as { id: number };
    statements += 1;
    rows.push({
      timeUs,
      json: JSON.stringify({
        id: String(id).padStart(16, '0'),
        level: log.level,
        data: log.data,
        context: null,
        created_at: new Date(timeUs / 1000).toISOString(),
        time: timeUs / 1e6,
      }),
    });
  }
  return rows;
});

const apps = new Map<string, AppState>(
  appKeys.map((key) => [key, { entries: [], lastUs: 0, waiters: new Set(), bodies: new Map() }]),
);

const HEADERS = ['content-type', 'application/json; charset=utf-8'];

function send(response: ServerResponse, status: number, body: Buffer | string): void {
  response.writeHead(status, [...HEADERS, 'content-length', String(Buffer.byteLength(body))]);
  response.end(body);
}

function pageOfEntries(
  state: AppState,
  sinceUs: number,
  limit: number,
): { body: Buffer; newestUs: number } {
  const key = `${sinceUs}|${limit}`;
  let page = state.bodies.get(key);
  if (page) return page;
  const { entries } = state;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle]?.timeUs ?? Infinity) < sinceUs) low = middle + 1;
    else high = middle;
  }
  const slice = entries.slice(low, low + limit);
  page = {
    body: Buffer.from(`[${slice.map((entry) => entry.json).join(',')}]`),
    newestUs: slice[slice.length - 1]?.timeUs ?? -Infinity,
  };
  state.bodies.set(key, page);
  return page;
}

function answer(state: AppState, waiter: Waiter): void {
  state.waiters.delete(waiter);
  clearTimeout(waiter.timer);
  if (!waiter.response.destroyed) {
    send(waiter.response, 200, pageOfEntries(state, waiter.sinceUs, waiter.limit).body);
  }
}

const fanOutMs: number[] = [];
const notifyMs: number[] = [];

function post(state: AppState, key: string, request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { logs } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      logs: Array<{ level: string; data: string }>;
    };
    const rows = insertBatch(key, logs);
    const committedMs = (rows[0]?.timeUs ?? 0) / 1000;
    notifyMs.push(Date.now() - committedMs);
    state.entries.push(...rows);
    if (state.entries.length > KEPT) state.entries.splice(0, state.entries.length - KEPT);
    state.bodies.clear();
    send(response, 201, `[${rows.map((row) => row.json).join(',')}]`);
    for (const waiter of [...state.waiters]) {
      if (pageOfEntries(state, waiter.sinceUs, waiter.limit).newestUs > waiter.sinceUs)
        answer(state, waiter);
    }
    fanOutMs.push(Date.now() - committedMs);
  });
}

function get(state: AppState, query: URLSearchParams, response: ServerResponse): void {
  const sinceUs = Math.round(Number(query.get('since')) * 1e6);
  const limit = Math.min(200, Number(query.get('limit') ?? 100));
  const waitMs = Number(query.get('wait') ?? 0) * 1000;
  if (pageOfEntries(state, sinceUs, limit).newestUs > sinceUs || waitMs <= 0) {
    send(response, 200, pageOfEntries(state, sinceUs, limit).body);
    return;
  }
  const waiter: Waiter = {
    response,
    sinceUs,
    limit,
    timer: setTimeout(() => {
      answer(state, waiter);
    }, waitMs),
  };
  state.waiters.add(waiter);
  response.on('close', () => {
    state.waiters.delete(waiter);
    clearTimeout(waiter.timer);
  });
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://raw');
  const match = /^\/api\/apps\/([^/]+)\/logs$/.exec(url.pathname);
  const state = match?.[1] === undefined ? undefined : apps.get(match[1]);
  if (
    request.headers.authorization !== `Bearer ${TOKEN}` ||
    request.headers['x-service-site'] !== SITE
  ) {
    send(response, 401, '{}');
  } else if (!state || !match?.[1]) {
    send(response, 404, '{}');
  } else if (request.method === 'POST') {
    post(state, match[1], request, response);
  } else {
    get(state, url.searchParams, response);
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  startProbe(
    { ready: true, token: TOKEN, appKeys },
    { queries: () => statements, tailQueries: () => 0, fanOutMs, notifyMs },
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  );
});
