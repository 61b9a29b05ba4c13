import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  buildUrl,
  configureApiClient,
  connectedSite,
  createApiClient,
  isRetryableError,
  type Connection,
} from './client';
import { appLogListWireSchema } from '../../contract/wire/app-log';
import { appWireSchema } from '../../contract/wire/app';
import { consentConfigWireSchema } from '../../contract/wire/consent';
import { apiErrorOf } from './api-error.test-helper';

const connection: Connection = {
  baseUrl: 'https://console.test/api/',
  token: 'scs_abc',
  site: 'demo',
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with RESPONSE (or throws it when it is an Error). */
function stubFetch(response: Response | Error | (() => Response)) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    if (response instanceof Error) throw response;
    return typeof response === 'function' ? response() : response;
  });
  return { calls, fetch: fetchStub as unknown as typeof fetch };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function client(response: Response | Error | (() => Response), onUnauthorized = vi.fn()) {
  const stub = stubFetch(response);
  const api = createApiClient({
    getConnection: () => connection,
    fetch: stub.fetch,
    onUnauthorized,
  });
  return { api, calls: stub.calls, onUnauthorized };
}

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

const app = {
  name: 'Storefront',
  url: 'https://shop.example.com',
  key: 'storefront',
  domain: 'shop.example.com',
  callback_url: 'https://shop.example.com/cb',
  internal: false,
  install_scopes: ['read_orders'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  sdk_version: '2.4.1',
};

describe('buildUrl', () => {
  it('joins base and path with one slash and drops empty query values', () => {
    expect(
      buildUrl('https://x.test/api/', '/apps', {
        a: 'b c',
        n: 0,
        f: false,
        e: '',
        u: undefined,
        z: null,
      }),
    ).toBe('https://x.test/api/apps?a=b+c&n=0&f=false');
    expect(buildUrl('https://x.test/api', 'apps')).toBe('https://x.test/api/apps');
  });
});

describe('request headers', () => {
  it('sends Authorization, X-Service-Site and Accept on a GET, without Content-Type or If-Match', async () => {
    const { api, calls } = client(json([]));
    await api.request({ path: '/apps', schema: z.array(z.unknown()), query: { limit: 5 } });
    expect(calls[0]?.url).toBe('https://console.test/api/apps?limit=5');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    const headers = headersOf(calls[0]);
    expect(headers.get('Authorization')).toBe('Bearer scs_abc');
    expect(headers.get('X-Service-Site')).toBe('demo');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('If-Match')).toBe(false);
  });

  it('sends a JSON body with Content-Type and the If-Match ETag on a write', async () => {
    const { api, calls } = client(json(app, 200, { ETag: '"v2"' }));
    const result = await api.request({
      method: 'PATCH',
      path: '/apps/storefront',
      body: { name: 'Shop' },
      ifMatch: '"v1"',
      schema: appWireSchema,
    });
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(calls[0]?.init.body).toBe('{"name":"Shop"}');
    const headers = headersOf(calls[0]);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('If-Match')).toBe('"v1"');
    expect(result.etag).toBe('"v2"');
  });

  it('uses an explicit connection over the configured one', async () => {
    const { api, calls } = client(json({}));
    await api.request({
      path: '/sites',
      schema: z.unknown(),
      connection: { baseUrl: 'http://other.test/api', token: 't2', site: 'acme' },
    });
    expect(calls[0]?.url).toBe('http://other.test/api/sites');
    expect(headersOf(calls[0]).get('X-Service-Site')).toBe('acme');
    expect(headersOf(calls[0]).get('Authorization')).toBe('Bearer t2');
  });

  it('fails with 401 without calling fetch when no connection is configured', async () => {
    const stub = stubFetch(json({}));
    const api = createApiClient({ getConnection: () => null, fetch: stub.fetch });
    const error = await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(error.status).toBe(401);
    expect(stub.calls).toHaveLength(0);
  });
});

describe('success responses', () => {
  it('returns the validated data and a null etag when there is none', async () => {
    const { api } = client(json({ id: 'demo' }));
    const result = await api.request({ path: '/x', schema: z.object({ id: z.string() }) });
    expect(result).toEqual({ data: { id: 'demo' }, etag: null, headers: expect.any(Headers) });
  });

  it('rejects a body of the wrong shape as invalid-response, naming where', async () => {
    const { api } = client(json({ id: 5 }));
    const error = await apiErrorOf(
      api.request({ path: '/x', schema: z.object({ id: z.string() }) }),
    );
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('(id)');
  });

  it('hands a text body (a CSV export) to the schema unparsed when asked to', async () => {
    const csv = 'id,consent_id\n1,visitor-0001\n';
    const { api } = client(
      new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const result = await api.request({ path: '/x', schema: z.string(), text: true });
    expect(result.data).toBe(csv);
    // Without it, the same body is not JSON.
    const again = client(new Response(csv, { status: 200 }));
    const error = await apiErrorOf(again.api.request({ path: '/x', schema: z.string() }));
    expect(error.kind).toBe('invalid-response');
  });

  it('rejects a 200 HTML page as invalid-response', async () => {
    const { api } = client(new Response('<!doctype html><p>hi', { status: 200 }));
    const error = await apiErrorOf(api.request({ path: '/x', schema: z.unknown() }));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
  });

  it('accepts an empty body (204) when the schema does', async () => {
    const { api } = client(new Response(null, { status: 204 }));
    const result = await api.request({ method: 'DELETE', path: '/x', schema: z.undefined() });
    expect(result.data).toBeUndefined();
  });
});

describe('error mapping', () => {
  it('carries the status and the Error body, filling missing detail fields', async () => {
    const body = {
      message: 'Validation failed',
      code: 422,
      errors: [{ field: 'url', message: 'Must be an absolute http(s) URL' }],
    };
    const { api } = client(json(body, 422));
    const error = await apiErrorOf(
      api.request({ method: 'PATCH', path: '/apps/x', body: {}, schema: z.unknown() }),
    );
    expect(error.name).toBe('ApiError');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation failed');
    expect(error.fieldErrors).toEqual([
      {
        resource: '',
        field: 'url',
        message: 'Must be an absolute http(s) URL',
        code: 'invalid',
        messages: ['Must be an absolute http(s) URL'],
        codes: [],
        value: null,
      },
    ]);
    expect(error.isConflict).toBe(false);
    expect(isRetryableError(error)).toBe(false);
  });

  it('makes a synthetic body when the error is not JSON', async () => {
    const { api } = client(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(error.status).toBe(502);
    expect(error.body).toEqual({
      message:
        'The API is not reachable behind its gateway (502 Bad Gateway) with an HTML page, likely from a proxy or gateway in front of the API',
      code: 502,
      errors: [],
    });
    expect(isRetryableError(error)).toBe(true);
  });

  it('uses the status message when a JSON error has no message', async () => {
    const { api } = client(json({ errors: 'none' }, 403));
    const error = await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(error.message).toBe('No access to this site');
    expect(error.body.code).toBe(403);
  });

  it('turns a network failure into status 0, kind network, retryable', async () => {
    const { api } = client(new TypeError('Failed to fetch'));
    const error = await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
    expect(error.message).toContain('https://console.test/api/');
    expect(isRetryableError(error)).toBe(true);
  });

  it('rethrows the abort itself when the caller cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { api } = client(new DOMException('aborted', 'AbortError'));
    await expect(
      api.request({ path: '/apps', schema: z.unknown(), signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('calls onUnauthorized once on a 401', async () => {
    const { api, onUnauthorized } = client(
      json({ message: 'Invalid token', code: 401, errors: [] }, 401),
    );
    const error = await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('does not call onUnauthorized on 403', async () => {
    const { api, onUnauthorized } = client(
      json({ message: 'Forbidden', code: 403, errors: [] }, 403),
    );
    await apiErrorOf(api.request({ path: '/apps', schema: z.unknown() }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('marks a 412 as a conflict', async () => {
    const { api } = client(new Response('', { status: 412 }));
    const error = await apiErrorOf(
      api.request({
        method: 'PATCH',
        path: '/apps/x',
        body: {},
        ifMatch: '"old"',
        schema: z.unknown(),
      }),
    );
    expect(error.isConflict).toBe(true);
    expect(error.message).toBe('Someone else changed this since you loaded it');
  });
});

describe('tolerant parsing with the wire schemas', () => {
  it('keeps unknown fields and defaults missing optional App fields', async () => {
    const { api } = client(json({ ...app, vendor_extra: { a: 1 } }));
    const { data } = await api.request({ path: '/apps/storefront', schema: appWireSchema });
    expect(data).toMatchObject({
      vendor_extra: { a: 1 },
      compiled_at: null,
      compile_errors: [],
      functions: [],
      routes: [],
      callbacks: [],
      jobs: [],
      schedules: [],
    });
  });

  it('defaults missing optional consent fields', async () => {
    const { api } = client(json({ privacy_policy_kind: 'none', x_extra: true }));
    const { data } = await api.request({
      path: '/settings/consent',
      schema: consentConfigWireSchema,
    });
    expect(data).toEqual({
      privacy_policy_kind: 'none',
      x_extra: true,
      privacy_policy_url: {},
      privacy_policy_page_id: null,
      purposes: [],
      applications: [],
      cookies: [],
      // A server without Consent Mode (decision 054): off.
      consent_mode: null,
    });
  });

  it('accepts log levels in any case, data as object or string, context null or missing', async () => {
    const entries = [
      { id: 1, level: 'ERROR', data: { msg: 'boom' }, context: null, time: 1.5 },
      { id: 'b', level: 'Warning', data: 'plain text', time: 2 },
      { id: 'c', level: 'verbose', data: [1, 2], context: { job: 'sync' }, time: 3, extra: 'kept' },
    ];
    const { api } = client(json(entries));
    const { data } = await api.request({ path: '/apps/x/logs', schema: appLogListWireSchema });
    expect(data.map((entry) => [entry.id, entry.level, entry.data, entry.context])).toEqual([
      ['1', 'error', { msg: 'boom' }, null],
      ['b', 'warn', 'plain text', null],
      ['c', 'unknown', '[1,2]', { job: 'sync' }],
    ]);
    expect(data[2]).toMatchObject({ extra: 'kept' });
  });
});

describe('connectedSite', () => {
  it('is the site of the configured connection, or null before sign-in', () => {
    configureApiClient({ getConnection: () => null });
    expect(connectedSite()).toBeNull();
    configureApiClient({
      getConnection: () => ({ baseUrl: 'http://api.test', token: 't', site: 'shop' }),
    });
    expect(connectedSite()).toBe('shop');
  });
});
