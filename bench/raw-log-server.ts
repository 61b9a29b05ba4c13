/**
 * The floor of bench/guard.ts: the log API's two hot routes over node:http and better-sqlite3
 * alone, on the service's own SQLite file, with nothing of the service (no framework, no
 * validation, no guards, no search index, no error bodies). Token and site are not checked.
 * - `GET /api/apps/:key/logs?limit=N&before=T`: the newest N entries before T (epoch seconds), read through
 *   the same index and answered as the same JSON text as the service's page.
 * - `POST /api/apps/:key/logs`: the body parsed, one transaction inserting every entry into
 *   `app_logs` (strictly increasing times per app), 201.
 * What it costs is what node:http, SQLite and V8 cost for this load, so the service is read as a
 * ratio to it in the same run on the same machine. `/bench/usage` answers as bench/api-server.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

function open(file: string): Database.Database {
  const opened = new Database(file);
  opened.pragma('journal_mode = WAL');
  opened.pragma('synchronous = NORMAL');
  opened.pragma('busy_timeout = 5000');
  return opened;
}

/** Pages are read from DATABASE_URL; entries go to INGEST_DATABASE_URL (the same when absent). */
const pagesDb = open(process.env.DATABASE_URL ?? '');
const db = process.env.INGEST_DATABASE_URL ? open(process.env.INGEST_DATABASE_URL) : pagesDb;

const appIdOf = {
  pages: pagesDb.prepare<[string], { id: number }>('select id from apps where key = ?'),
  ingest: db.prepare<[string], { id: number }>('select id from apps where key = ?'),
};
const pageRows = pagesDb.prepare<
  [number, number, number],
  {
    id: number;
    level: number;
    data: string;
    context: string | null;
    created_at: string;
    time_us: number;
  }
>(
  'select id, level, data, context, created_at, time_us from app_logs ' +
    'where app_id = ? and time_us < ? order by time_us desc limit ?',
);
const lastTime = db.prepare<[number], { t: number | null }>(
  'select max(time_us) as t from app_logs where app_id = ?',
);
const insertRow = db.prepare(
  'insert into app_logs (app_id, time_us, level, job, data, context, created_at, search) ' +
    'values (?, ?, ?, ?, ?, ?, ?, ?)',
);

const appIds = { pages: new Map<string, number>(), ingest: new Map<string, number>() };
const lastUs = new Map<number, number>();

function appOf(key: string, side: 'pages' | 'ingest'): number | undefined {
  let id = appIds[side].get(key);
  if (id === undefined) {
    id = appIdOf[side].get(key)?.id;
    if (id !== undefined) appIds[side].set(key, id);
  }
  return id;
}

interface RawEntry {
  level: string;
  data: unknown;
  context?: Record<string, unknown> | null;
  created_at?: string;
}

const insertBatch = db.transaction((appId: number, logs: RawEntry[]) => {
  let last = lastUs.get(appId) ?? lastTime.get(appId)?.t ?? 0;
  for (const log of logs) {
    last = Math.max(Date.now() * 1000, last + 1);
    const data = JSON.stringify(log.data);
    const context = log.context ? JSON.stringify(log.context) : null;
    const job = (log.context?.job as { name?: string } | undefined)?.name ?? null;
    insertRow.run(
      appId,
      last,
      Math.max(0, LEVELS.indexOf(log.level)),
      typeof job === 'string' ? job : null,
      data,
      context,
      log.created_at ?? new Date(last / 1000).toISOString(),
      `${typeof log.data === 'string' ? log.data : data}\n${context ?? ''}`.toLowerCase(),
    );
  }
  lastUs.set(appId, last);
});

function page(appId: number, url: URL): string {
  const limit = Number(url.searchParams.get('limit') ?? 100);
  // `before`: epoch seconds, as the API takes it.
  const before = Math.round(Number(url.searchParams.get('before') ?? 9e9) * 1e6);
  let json = '[';
  for (const row of pageRows.all(appId, before, limit)) {
    if (json.length > 1) json += ',';
    json += `{"id":"${String(row.id).padStart(16, '0')}","level":"${LEVELS[row.level] ?? 'unknown'}","data":${row.data},"context":${row.context ?? 'null'},"created_at":"${row.created_at}","time":${row.time_us / 1e6}}`;
  }
  return `${json}]`;
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://raw');
  if (url.pathname.startsWith('/bench/profile/')) {
    // bench/api-ingest.ts asks every server to profile when BENCH_CPU_PROF_DIR is set: not this one.
    send(response, 200, '{}');
    return;
  }
  if (url.pathname === '/bench/usage') {
    const usage = {
      cpu_us: process.cpuUsage(),
      main_thread_active_ms: performance.eventLoopUtilization().active,
    };
    send(response, 200, JSON.stringify(usage));
    return;
  }
  const match = /^\/api\/apps\/([^/]+)\/logs$/.exec(url.pathname);
  const side = request.method === 'GET' ? 'pages' : 'ingest';
  const appId = match ? appOf(decodeURIComponent(match[1] ?? ''), side) : undefined;
  if (appId === undefined) {
    send(response, 404, '{"error":"not_found"}');
  } else if (request.method === 'GET') {
    send(response, 200, page(appId, url));
  } else {
    const { logs } = JSON.parse(body) as { logs: RawEntry[] };
    insertBatch(appId, logs);
    send(response, 201, `{"accepted":${String(logs.length)}}`);
  }
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      handle(request, response, Buffer.concat(chunks).toString('utf8'));
    } catch (error) {
      send(response, 500, JSON.stringify({ error: String(error) }));
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pagesDb.close();
  if (db !== pagesDb) db.close();
  process.exit(0);
});
