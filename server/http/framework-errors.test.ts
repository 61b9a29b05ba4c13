/**
 * Failures that happen before a route runs, in Node's HTTP parser or in Fastify's router, answer
 * the spec's Error body with the right status like every other error (issue 26): a 17 kB URL or
 * a header block past Node's 16 KiB is a 431, a method a path does not take is a 405 with
 * `Allow`, a path the router refuses is a 414 or 400. (413, 415, 400 bad JSON and the 404 of an unknown route: app.test.ts.)
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request through node:http, which (unlike fetch) sends any header block as given. */
function rawRequest(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(api.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'GET', headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('errors before a route runs are the Error body', () => {
  it('431 for a q of 5,000 terms (a 17 kB URL)', async () => {
    const q = Array.from({ length: 5000 }, (_, i) => `t${i}`).join(' ');
    const path = `/api/apps/storefront/logs?q=${encodeURIComponent(q)}`;
    expect(path.length).toBeGreaterThan(17_000);
    const res = await rawRequest(path, {
      authorization: `Bearer ${api.adminToken}`,
      'x-service-site': 'demo',
    });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorBodySchema.parse(JSON.parse(res.text))).toMatchObject({ code: 431, errors: [] });
  });

  it('431 for a header block over 16 KiB', async () => {
    const res = await rawRequest('/api/health', { 'x-padding': 'p'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(errorBodySchema.parse(JSON.parse(res.text)).code).toBe(431);
  });

  it('405 with Allow for a method the route does not take', async () => {
    for (const [method, path] of [
      ['DELETE', '/apps/storefront'],
      ['POST', '/notifications/welcome'],
      ['PUT', '/health'],
    ] as const) {
      const res = await api.request(method, path, { body: {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(errorBodySchema.parse(res.json).code).toBe(405);
      expect(res.headers.get('allow')).toMatch(/GET/);
    }
  });

  it('414 for a path parameter over 100 characters, 400 for a path that is not percent-encoded', async () => {
    const long = await api.request('GET', `/apps/${'x'.repeat(300)}`);
    expect(long.status).toBe(414);
    expect(errorBodySchema.parse(long.json).code).toBe(414);
    const bad = await api.request('GET', '/apps/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.json).code).toBe(400);
  });

  it('still 404 for a path no method takes', async () => {
    const res = await api.request('DELETE', '/nothing/here');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });
});
