/**
 * What API tests share: a real service on a real database of its own (a SQLite file, or a
 * PostgreSQL database in the postgres test project: test-database.test-helper.ts), listening on a
 * free port, with the demo seeded and tokens for a demo admin and an acme-only user.
 *
 *   const api = await startTestApi();   // in beforeAll
 *   const res = await api.request('GET', '/apps');   // demo admin, site demo
 *   await api.close();                   // in afterAll
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from '../../contract/schemas/app';
import { AuthFailureLimiter } from '../access/auth-limiter';
import { buildApp, type AppDeps } from './app';
import { seedDemo } from '../demo/seed';
import type { Database } from '../database/schema';
import { createTestDatabase } from '../database/test-database.test-helper';
import { ensureMembership } from '../site/store/sites';
import { findOrCreateUser, issueToken } from '../access/store/tokens';
import { notificationSchema, type Notification } from '../../contract/schemas/notification';

export interface TestApi {
  app: FastifyInstance;
  db: Kysely<Database>;
  baseUrl: string;
  /** DATABASE_URL of the service's database (a file path on SQLite). */
  databaseUrl: string;
  /** Member of demo and acme. */
  adminToken: string;
  /** Member of acme only. */
  acmeToken: string;
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  close: () => Promise<void>;
}

export interface RequestOptions {
  token?: string | null;
  site?: string | null;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export async function startTestApi(extra: Partial<AppDeps> = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const { db } = database;
  await seedDemo(db);
  const adminId = await findOrCreateUser(db, 'admin@example.com');
  await ensureMembership(db, adminId, 'demo');
  await ensureMembership(db, adminId, 'acme');
  const adminToken = await issueToken(db, adminId);
  const acmeId = await findOrCreateUser(db, 'acme@example.com');
  await ensureMembership(db, acmeId, 'acme');
  const acmeToken = await issueToken(db, acmeId);

  const app = await buildApp({
    db,
    staticDir: null,
    // A limiter of its own with a high bar, so tests of 401s do not trip 429s by accident.
    authLimiter: new AuthFailureLimiter(1000),
    ...extra,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function request(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? adminToken : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const site = options.site === undefined ? 'demo' : options.site;
    if (site !== null) headers['x-service-site'] = site;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.rawBody !== undefined) {
      body =
        typeof options.rawBody === 'string' ? options.rawBody : new Uint8Array(options.rawBody);
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('/api') || !path.startsWith('/') ? path : `/api${path}`;
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  return {
    app,
    db,
    baseUrl,
    databaseUrl: database.url,
    adminToken,
    acmeToken,
    request,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * An external app with empty compile info and lists, for tests and benchmarks that need an app
 * to hang logs on; `overrides` sets what the test is about.
 */
export function appFixture(key: string, overrides: Partial<App> = {}): App {
  const now = '2026-01-01T00:00:00.000Z';
  return {
    key,
    name: key,
    url: 'https://example.com',
    domain: 'example.com',
    callback_url: 'https://example.com/callback',
    internal: false,
    install_scopes: [],
    sdk_version: '1.0.0',
    compiled_at: null,
    compile_errors: [],
    functions: [],
    routes: [],
    callbacks: [],
    jobs: [],
    schedules: [],
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A notification as the service answers it, with the ETag a conditional write needs. */
export async function fetchNotification(
  api: TestApi,
  slug: string,
): Promise<{ n: Notification; etag: string }> {
  const res = await api.request('GET', `/notifications/${slug}`);
  if (res.status !== 200)
    throw new Error(`GET /notifications/${slug} answered ${String(res.status)}`);
  return { n: notificationSchema.parse(res.json), etag: res.headers.get('etag') ?? '' };
}
