/**
 * Issue 30: `GET /apps/:app_id/logs/facets` on both engines: field names and top values of the
 * entries' data for the log query's window and filters, with counts that match the entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFacetsSchema, type LogFacets } from '../../../contract/schemas/app-log-facets';
import { errorBodySchema } from '../../../contract/schemas/error';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { countFacets, facetText } from '../store/app-logs-facets';

let api: TestApi;
let since = '';
const APP = 'storefront';

beforeAll(async () => {
  api = await startTestApi();
  since = new Date(Date.now() - 1000).toISOString();
  const logs = [
    ...Array.from({ length: 5 }, (_, n) => ({
      level: 'info',
      data: { status: 200, path: `/p/${String(n % 2)}` },
    })),
    ...Array.from({ length: 3 }, () => ({
      level: 'error',
      data: { status: 500, path: '/checkout' },
    })),
    { level: 'warn', data: { status: '404', http: { method: 'GET' } } },
    { level: 'info', data: 'a plain line' },
  ];
  const res = await api.request('POST', `/apps/${APP}/logs`, { body: { logs } });
  expect(res.status, res.text).toBe(201);
});
afterAll(async () => {
  await api.close();
});

async function facets(query: Record<string, string>): Promise<LogFacets> {
  const res = await api.request(
    'GET',
    `/apps/${APP}/logs/facets?${new URLSearchParams({ since, ...query })}`,
  );
  expect(res.status, res.text).toBe(200);
  return logFacetsSchema.parse(res.json);
}

describe('GET /apps/:app_id/logs/facets', () => {
  it('names only fields the field parameter takes as they are (issue 42)', async () => {
    const refused = ['has space', 'a.b', ' lead', 'k'.repeat(101), '', 'nul\u0000'];
    const data = Object.fromEntries([['ok', 1], ...refused.map((key) => [key, 1])]);
    const posted = await api.request('POST', '/apps/analytics/logs', {
      body: { logs: [{ level: 'info', data }] },
    });
    expect(posted.status, posted.text).toBe(201);
    const query = (field: string) => new URLSearchParams({ since, field });
    const res = await api.request('GET', `/apps/analytics/logs/facets?${query('ok')}`);
    expect(res.status, res.text).toBe(200);
    const listed = logFacetsSchema.parse(res.json).fields.map((field) => field.value);
    expect(listed).toEqual(['ok']);
    for (const name of listed) {
      const asked = await api.request('GET', `/apps/analytics/logs/facets?${query(name)}`);
      expect(logFacetsSchema.parse(asked.json).values).toEqual([{ value: '1', count: 1 }]);
    }
  });

  it('lists the fields of the window and the top values of one, with their counts', async () => {
    const all = await facets({ field: 'status' });
    expect(all).toMatchObject({ field: 'status', scanned: 10, capped: false, cap: 2000 });
    expect(all.fields).toEqual([
      { value: 'status', count: 9 },
      { value: 'path', count: 8 },
      { value: 'http', count: 1 },
    ]);
    // Numbers and strings count apart only in the text they have: 404 was sent as a string.
    expect(all.values).toEqual([
      { value: '200', count: 5 },
      { value: '500', count: 3 },
      { value: '404', count: 1 },
    ]);
  });

  it('follows the filters and nested paths, and limits the values', async () => {
    expect((await facets({ field: 'status', level: 'error' })).values).toEqual([
      { value: '500', count: 3 },
    ]);
    expect((await facets({ field: 'path', q: 'checkout' })).values).toEqual([
      { value: '/checkout', count: 3 },
    ]);
    expect((await facets({ field: 'http.method' })).values).toEqual([{ value: 'GET', count: 1 }]);
    // Ties go by value: /checkout and /p/0 have 3 each.
    expect((await facets({ field: 'path', limit: '1' })).values).toEqual([
      { value: '/checkout', count: 3 },
    ]);
    const names = await facets({});
    expect(names.field).toBeNull();
    expect(names.values).toEqual([]);
    expect(names.fields.map((f) => f.value)).toEqual(['status', 'path', 'http']);
    // A window with nothing in it.
    const empty = await facets({
      field: 'status',
      since: '2020-01-01T00:00:00Z',
      before: '2020-01-02T00:00:00Z',
    });
    expect(empty).toMatchObject({ scanned: 0, values: [], fields: [] });
  });

  it('answers bad input with a 400 naming the parameter, and an unknown app with a 404', async () => {
    for (const [query, field] of [
      [{ field: 'a..b' }, 'field'],
      [{ field: 'x'.repeat(101) }, 'field'],
      [{ limit: 'ten' }, 'limit'],
      [{ level: 'loud' }, 'level'],
      [{ since: 'yesterday' }, 'since'],
      [{ q: 'level:loud' }, 'q'],
    ] as const) {
      const res = await api.request(
        'GET',
        `/apps/${APP}/logs/facets?${new URLSearchParams(query)}`,
      );
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(errorBodySchema.parse(res.json).errors[0]?.field).toBe(field);
    }
    const missing = await api.request('GET', '/apps/nope/logs/facets');
    expect(missing.status).toBe(404);
  });
});

describe('facet counting', () => {
  it('counts scalars as text, skips objects, arrays and lines that are no objects', () => {
    expect(facetText(true)).toBe('true');
    expect(facetText(null)).toBe('null');
    expect(facetText({ a: 1 })).toBeUndefined();
    expect(facetText('x'.repeat(300))).toHaveLength(201);
    expect(
      countFacets(['{"a":[1]}', '"text"', 'not json', '{"a":1}', '{"a":1,"b":2}'], 'a', 10),
    ).toEqual({
      fields: [
        { value: 'a', count: 3 },
        { value: 'b', count: 1 },
      ],
      values: [{ value: '1', count: 2 }],
    });
  });
});
