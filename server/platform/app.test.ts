import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { BODY_LIMIT_BYTES } from './app';
import { DASHBOARD_CSP } from '../http/security-headers';
import { startTestApi, type TestApi } from './test-support.test-helper';

let api: TestApi;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'site-console-dist-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app")');
  api = await startTestApi({ staticDir, corsOrigins: ['https://admin.example.com'] });
});
afterAll(async () => {
  await api.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('request errors are the Error body', () => {
  it('400 for malformed JSON', async () => {
    const res = await api.request('PATCH', '/apps/analytics', {
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.json)).toMatchObject({ code: 400, errors: [] });
  });

  it('400 naming the parameter for a bad query parameter', async () => {
    const res = await api.request('GET', '/apps/storefront/logs?limit=many');
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(res.json);
    expect(body.code).toBe(400);
    expect(body.errors[0]?.field).toBe('limit');
  });

  it('404 (not a 500) for an absurdly long app key', async () => {
    const res = await api.request('GET', `/apps/${'x'.repeat(300)}`);
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await api.request('PATCH', '/apps/analytics', {
      rawBody: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(res.json).code).toBe(413);
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.request('PATCH', '/apps/analytics', {
        rawBody: 'name=x',
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect(errorBodySchema.parse(res.json).code).toBe(415);
    }
  });

  it('accepts application/merge-patch+json bodies', async () => {
    const res = await api.request('PATCH', '/apps/analytics', {
      rawBody: JSON.stringify({ sdk_version: '1.9.1' }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status).toBe(200);
  });

  it('404 with the Error body for an unknown /api route', async () => {
    const res = await api.request('GET', '/api/nothing/here');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });

  it('500 without stack or SQL when the database fails', async () => {
    const broken = await startTestApi();
    try {
      // Its translations first: PostgreSQL will not drop a table another one references.
      await sql`drop table notification_translations`.execute(broken.db);
      await sql`drop table notifications`.execute(broken.db);
      const res = await broken.request('GET', '/notifications');
      expect(res.status).toBe(500);
      const body = errorBodySchema.parse(res.json);
      expect(body).toEqual({ message: 'Internal server error', code: 500, errors: [] });
      expect(res.text).not.toMatch(/notifications|sqlite|select|at .*\.ts/i);
    } finally {
      await broken.close();
    }
  });
});

describe('security headers', () => {
  it('sends nosniff and no-referrer on API responses, without a CSP', async () => {
    const res = await api.request('GET', '/apps');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const error = await api.request('GET', '/apps', { token: null });
    expect(error.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("sends the dashboard's CSP on its HTML: no inline scripts, no objects, no base", async () => {
    const res = await fetch(`${api.baseUrl}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(DASHBOARD_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('dashboard', () => {
  it('serves the built files and falls back to index.html for page URLs', async () => {
    const asset = await fetch(`${api.baseUrl}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('console.log');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const path of ['/apps/storefront', '/notifications/welcome/edit', '/logs?level=error']) {
      const res = await fetch(`${api.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<title>Dashboard</title>');
    }
  });

  it('keeps a missing asset a 404 and never falls back under /api', async () => {
    const missing = await fetch(`${api.baseUrl}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
    const apiHtml = await fetch(`${api.baseUrl}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(apiHtml.status).toBe(404);
    expect(apiHtml.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('serves a page saying to build when there is no dashboard', async () => {
    const bare = await startTestApi({ staticDir: join(staticDir, 'nothing-here') });
    try {
      const res = await fetch(`${bare.baseUrl}/apps`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('CORS', () => {
  it('allows the configured origins only', async () => {
    const allowed = await fetch(`${api.baseUrl}/api/apps`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://admin.example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,x-service-site,if-match,content-type',
      },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'if-match',
    );
    const other = await fetch(`${api.baseUrl}/api/apps`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('health and OpenAPI', () => {
  it('reports health', async () => {
    const res = await api.request('GET', '/health', { token: null, site: null });
    expect(res.json).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('documents languages: translations on notifications, the site settings', async () => {
    const res = await api.request('GET', '/openapi.json', { token: null, site: null });
    const text = JSON.stringify(res.json);
    const doc = res.json as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const ok = JSON.stringify(doc.paths['/api/notifications/{slug}']?.get?.responses['200']);
    for (const field of ['translations', 'outdated', 'based_on']) expect(ok).toContain(field);
    const site = JSON.stringify(doc.paths['/api/settings/site']?.get?.responses['200']);
    for (const field of ['default_locale', 'locales']) expect(site).toContain(field);
    expect(text).toContain('removes nl');
  });

  it('documents every route with its error responses', async () => {
    const res = await api.request('GET', '/openapi.json', { token: null, site: null });
    const doc = res.json as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/openapi.json',
        'GET /api/sites',
        'GET /api/apps',
        'GET /api/apps/{app_id}',
        'GET /api/apps/{app_id}/logs',
        'POST /api/apps/{app_id}/logs',
        'PATCH /api/apps/{app_id}',
        'GET /api/settings/consent',
        'PATCH /api/settings/consent',
        'GET /api/settings/consent/applications',
        'GET /api/settings/site',
        'PATCH /api/settings/site',
        'GET /api/notifications',
        'GET /api/notifications/{slug}',
        'PUT /api/notifications/{slug}',
        'GET /api/test-inbox',
        'GET /api/test-inbox/{id}',
        'DELETE /api/test-inbox/{id}',
        'GET /api/notifications/{slug}/checks',
        'POST /api/notifications/{slug}/checks',
      ]),
    );
    const patch = doc.paths['/api/apps/{app_id}']?.patch;
    expect(Object.keys(patch?.responses ?? {})).toEqual(
      expect.arrayContaining([
        '200',
        '400',
        '401',
        '403',
        '404',
        '412',
        '413',
        '415',
        '422',
        '429',
      ]),
    );
  });

  it('documents the 503 of a busy database, with Retry-After and the Error body, on every write', async () => {
    // Decision 031: a write that cannot have the SQLite file's write lock in time is a 503.
    // A test send writes to the test inbox (issue 39) when no SMTP_URL is set.
    const WRITES_NOTHING = new Set<string>([
      'POST /api/notifications/{slug}/checks',
      'POST /api/layouts/{slug}/impact',
      'POST /api/snippets/{name}/impact',
      'POST /api/alerts/simulate',
      'OPTIONS /api/public/sites/{site}/consent-records',
    ]);
    const res = await api.request('GET', '/openapi.json', { token: null, site: null });
    const doc = res.json as {
      paths: Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'get' && method !== 'head')
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation }))
        .filter(({ name }) => !WRITES_NOTHING.has(name)),
    );
    expect(writes.map(({ name }) => name).sort()).toEqual([
      'DELETE /api/alerts/{id}',
      'DELETE /api/consent-records',
      'DELETE /api/layouts/{slug}',
      'DELETE /api/log-views/{id}',
      'DELETE /api/members/{user_id}',
      'DELETE /api/snippets/{name}',
      'DELETE /api/test-inbox/{id}',
      'DELETE /api/tokens/{id}',
      'PATCH /api/apps/{app_id}',
      'PATCH /api/members/{user_id}',
      'PATCH /api/settings/consent',
      'PATCH /api/settings/consent/public-key',
      'PATCH /api/settings/site',
      'POST /api/alerts',
      'POST /api/apps/{app_id}/logs',
      'POST /api/log-views',
      'POST /api/notifications/{slug}/test-send',
      'POST /api/public/sites/{site}/consent-records',
      'POST /api/settings/consent/public-key/rotate',
      'POST /api/tokens',
      'PUT /api/alerts/{id}',
      'PUT /api/layouts/{slug}',
      'PUT /api/log-views/{id}',
      'PUT /api/notifications/{slug}',
      'PUT /api/snippets/{name}',
    ]);
    for (const { name, operation } of writes) {
      const busy = operation.responses['503'];
      expect(busy, name).toBeDefined();
      expect(busy?.description, name).toMatch(/write lock/);
      expect(busy?.headers?.['Retry-After']?.schema, name).toMatchObject({ type: 'integer' });
      // The spec's Error body, as every other error of the route (and a description).
      // (A write without a body, such as a DELETE, has no 422: its 401 is the Error body too.)
      const errorBody = operation.responses['401']?.content?.['application/json']?.schema;
      expect(errorBody, name).toMatchObject({ required: ['message', 'code', 'errors'] });
      expect(busy?.content?.['application/json']?.schema, name).toMatchObject(errorBody ?? {});
    }
  });
});

interface OpenApiResponse {
  description?: string;
  headers?: Record<string, { schema?: unknown }>;
  content?: Record<string, { schema?: unknown }>;
}

describe('bodies', () => {
  it('answers 422 naming no field when a write has no body at all', async () => {
    const res = await api.request('PATCH', '/apps/analytics');
    expect(res.status).toBe(422);
    expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({
      field: '',
      code: 'invalid_type',
    });
  });
});
