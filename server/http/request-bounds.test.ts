import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, type ErrorBody } from '../../contract/schemas/error';
import { MAX_ERROR_DETAILS, MAX_ECHOED_VALUE_CHARS } from './errors';
import { MAX_JSON_DEPTH } from './json-body';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** `{"a":{"a":…inner…}}` nested `levels` deep, as text (no recursion on either side). */
function nested(levels: number, inner: string, open = '{"a":', close = '}'): string {
  return open.repeat(levels) + inner + close.repeat(levels);
}

function errorOf(json: unknown): ErrorBody {
  return errorBodySchema.parse(json);
}

const WRITES: Array<{ method: string; path: string; body: (deep: string) => string }> = [
  {
    method: 'POST',
    path: '/apps/storefront/logs',
    body: (deep) => `{"logs":[{"level":"info","data":${deep}}]}`,
  },
  {
    method: 'POST',
    path: '/apps/storefront/logs',
    body: (deep) => `{"logs":[{"level":"info","data":"x","context":${deep}}]}`,
  },
  // a nested invalid enum and a nested invalid value (were a 500 and a 422, both with `{}`)
  { method: 'PATCH', path: '/apps/analytics', body: (deep) => `{"install_scopes":[${deep}]}` },
  { method: 'PATCH', path: '/settings/consent', body: (deep) => `{"privacy_policy_kind":${deep}}` },
  { method: 'PUT', path: '/notifications/welcome', body: (deep) => `{"subject":${deep}}` },
];

describe('JSON depth', () => {
  it(`answers 400 naming the limit for a body nested deeper than ${MAX_JSON_DEPTH} levels, on every write`, async () => {
    for (const write of WRITES) {
      for (const deep of [nested(4000, '1'), nested(4000, '"scope"', '[', ']')]) {
        const res = await api.request(write.method, write.path, {
          rawBody: write.body(deep),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${write.method} ${write.path}`).toBe(400);
        const body = errorOf(res.json);
        expect(body.code).toBe(400);
        expect(body.message).toContain(String(MAX_JSON_DEPTH));
        expect(body.errors[0]).toMatchObject({ field: '', code: 'too_deep' });
      }
    }
  });

  it('accepts log data nested just within the limit', async () => {
    // body → logs → entry → data: three levels are the envelope's
    const res = await api.request('POST', '/apps/storefront/logs', {
      rawBody: `{"logs":[{"level":"info","data":${nested(MAX_JSON_DEPTH - 3, '1')}}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
  });
});

describe('error body size', () => {
  it(`lists at most ${MAX_ERROR_DETAILS} problems and says how many there were`, async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 20_000; i += 1) fields[`unknown_${i}`] = 'v'.repeat(30);
    const res = await api.request('PATCH', '/apps/analytics', { body: fields });
    expect(res.status).toBe(422);
    const body = errorOf(res.json);
    expect(body.errors).toHaveLength(MAX_ERROR_DETAILS);
    expect(body.message).toContain('20000');
    expect(res.text.length).toBeLessThan(64 * 1024);
  });

  it(`echoes at most ${MAX_ECHOED_VALUE_CHARS} characters of a value`, async () => {
    const huge = 'x'.repeat(500_000);
    for (const body of [
      { unknown_field: huge },
      { unknown_field: { nested: [huge, huge] } },
      { name: 42, url: huge },
      { [`k${huge}`]: 1 },
    ]) {
      const res = await api.request('PATCH', '/apps/analytics', { body });
      expect(res.status).toBe(422);
      const detail = errorOf(res.json).errors[0];
      expect(detail).toBeDefined();
      const value = detail?.value;
      const echoed = typeof value === 'string' ? value : JSON.stringify(value);
      expect(echoed.length).toBeLessThanOrEqual(MAX_ECHOED_VALUE_CHARS);
      expect(res.text.length).toBeLessThan(8 * 1024);
    }
  });
});
