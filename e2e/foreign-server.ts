// A small server of the spec that is not ours, written from the spec's words only: Bearer token
// and `X-Service-Site`, no `GET /sites`, sparse objects (the spec shows no response field as
// required), ids as numbers, dates with offsets, upper-case log levels, `data` as text, log
// entries sharing one `time`, no ETags, plain-text errors. It records every write it receives so
// tests can check that only the changed fields were sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FOREIGN_TOKEN = 'foreign-token-1234';
export const FOREIGN_SITE = 'acme';

export interface ReceivedWrite {
  method: string;
  path: string;
  body: unknown;
}

export interface ForeignServer {
  apiURL: string;
  received: ReceivedWrite[];
  /** A log entry arrives (this server has no ingestion route; the platform's runtimes write). */
  addLog(entry: Json): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function seed() {
  const apps: Json[] = [
    {
      // No domain, url, callback_url, sdk_version, compiled_at; a scope outside our catalogue.
      key: 'legacy-shop',
      name: 'Legacy shop',
      internal: false,
      install_scopes: ['read_orders', 'x_beta_reports'],
      updated_at: '2026-11-20T09:30:00+01:00',
      jobs: [{ name: 'nightly-sync' }],
      routes: [{ verb: 'get', path: '/orders' }],
      vendor_meta: { tier: 'gold' },
    },
    { key: 7, name: 'Numbered app', created_at: '2026-11-01T08:00:00Z' },
  ];
  const notifications: Json[] = [
    // No id, url, dates or html_enabled.
    { slug: 'order-paid', name: 'Order paid', subject: 'Thanks for your order', text: 'Hello' },
    // No slug: named by its numeric id.
    { id: 42, name: 'Welcome', subject: 'Welcome aboard', updated_at: '2026-11-19T10:00:00+05:30' },
  ];
  const consent: Json = {
    privacy_policy_kind: 'url',
    privacy_policy_url: { en: 'https://acme.example/privacy' },
    purposes: [{ name: 'analytics' }],
    applications: [{ name: 'matomo', title: { en: 'Matomo' }, purposes: ['analytics'] }],
    cookies: [{ name: '_pk_id', application: 'matomo' }],
  };
  const t = 1_763_600_000;
  const logs: Json[] = [
    { id: 1, level: 'INFO', data: 'Order 1001 paid', time: t },
    { id: 2, level: 'WARNING', data: 'Stock low for SKU 7', time: t + 1 },
    // Three entries at one time: the cursor must not lose or repeat any.
    { id: 3, level: 'ERROR', data: { message: 'Payment declined' }, time: t + 2 },
    { id: 4, level: 'Error', data: 'Retry failed', time: t + 2, context: null },
    { id: 5, level: 'DEBUG', data: 'Cache warmed', time: t + 2, context: { job: 'nightly-sync' } },
  ];
  return { apps, notifications, consent, logs };
}

/** Answers the request; returns the response so handlers can `return send(...)`. */
function send(res: ServerResponse, status: number, body: unknown): ServerResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json',
  });
  return res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ForeignServerOptions {
  /** Answer `GET /settings/site` (a server with languages, but still no alerts). */
  siteSettings?: boolean;
}

export async function startForeignServer(
  options: ForeignServerOptions = {},
): Promise<ForeignServer> {
  const data = seed();
  const received: ReceivedWrite[] = [];

  const server = createServer((req, res) => {
    // CORS for the dashboard's origin (it is served from another port).
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, X-Service-Site, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, PATCH, PUT, OPTIONS');
    if (req.method === 'OPTIONS') return send(res, 204, '');
    handle(req, res).catch((error: unknown) => send(res, 500, String(error)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://foreign.test');
    const path = url.pathname.replace(/^\/v1/, '');
    if (req.headers.authorization !== `Bearer ${FOREIGN_TOKEN}`) {
      return send(res, 401, 'Unauthorized');
    }
    if (req.headers['x-service-site'] !== FOREIGN_SITE) {
      return send(res, 403, { message: 'Unknown site', code: 'FORBIDDEN' });
    }
    const method = req.method ?? 'GET';
    const body = method === 'PATCH' || method === 'PUT' ? await readBody(req) : undefined;
    if (body !== undefined) received.push({ method, path, body });

    const app = /^\/apps\/([^/]+)$/.exec(path);
    const appLogs = /^\/apps\/([^/]+)\/logs$/.exec(path);
    const notification = /^\/notifications\/([^/]+)$/.exec(path);
    const findApp = (key: string) => data.apps.find((item) => String(item.key) === key);
    const findNotification = (ref: string) =>
      data.notifications.find((item) => item.slug === ref || String(item.id) === ref);

    if (method === 'GET' && path === '/apps') return send(res, 200, data.apps);
    if (app?.[1] !== undefined) {
      const found = findApp(decodeURIComponent(app[1]));
      if (!found) return send(res, 404, 'Not Found');
      if (method === 'PATCH' && isObject(body)) Object.assign(found, body);
      return send(res, 200, found);
    }
    if (method === 'GET' && appLogs?.[1] !== undefined) {
      if (!findApp(decodeURIComponent(appLogs[1]))) return send(res, 404, 'Not Found');
      return send(res, 200, listLogs(data.logs, url.searchParams));
    }
    if (method === 'GET' && path === '/settings/consent') return send(res, 200, data.consent);
    if (options.siteSettings === true && method === 'GET' && path === '/settings/site') {
      return send(res, 200, { name: 'Acme', default_locale: 'en', locales: ['en', 'de'] });
    }
    if (method === 'GET' && path === '/settings/consent/applications') {
      return send(res, 200, data.consent.applications);
    }
    if (method === 'GET' && path === '/notifications') return send(res, 200, data.notifications);
    if (notification?.[1] !== undefined) {
      const found = findNotification(decodeURIComponent(notification[1]));
      if (!found) return send(res, 404, 'Not Found');
      if (method === 'PUT' && isObject(body)) Object.assign(found, body);
      return send(res, 200, found);
    }
    // No `GET /sites` and nothing else: a plain-text 404 like many frameworks send.
    return send(res, 404, 'Not Found');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiURL: `http://127.0.0.1:${port}/v1`,
    received,
    addLog: (entry) => {
      data.logs.push(entry);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `since` inclusive and ascending, `before` exclusive, newest first without `since`; `limit`. */
function listLogs(logs: Json[], params: URLSearchParams): Json[] {
  const time = (entry: Json) => Number(entry.time);
  const since = params.get('since');
  const before = params.get('before');
  const limit = Math.min(200, Math.max(1, Number(params.get('limit') ?? 100)));
  let result = logs.filter(
    (entry) =>
      (since === null || time(entry) >= seconds(since)) &&
      (before === null || time(entry) < seconds(before)),
  );
  result = [...result].sort((a, b) => time(a) - time(b));
  if (since === null) result.reverse();
  return result.slice(0, limit);
}

/** A bound as float epoch seconds or an ISO 8601 string. */
function seconds(bound: string): number {
  const number = Number(bound);
  return Number.isNaN(number) ? Date.parse(bound) / 1000 : number;
}
