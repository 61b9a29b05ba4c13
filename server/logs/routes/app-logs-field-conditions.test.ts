/**
 * Issue 30, decision 055: `where` / `where_not` (exact conditions on a top-level key of `data`)
 * on the list, the waiting tail (below Fastify and by the route), the volume and the facets, on
 * a real service; bad input is a 400 Error body naming the parameter and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema, type AppLogEntry } from '../../../contract/schemas/app-log';
import { logFacetsSchema } from '../../../contract/schemas/app-log-facets';
import { logVolumeSchema } from '../../../contract/schemas/app-log-volume';
import { errorBodySchema } from '../../../contract/schemas/error';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let appCount = 0;

type Query = Array<[string, string]>;

async function newApp(): Promise<string> {
  appCount += 1;
  const key = `field-app-${String(appCount)}`;
  await insertApp(api.db, 'demo', appFixture(key));
  return key;
}

async function post(key: string, datas: ReadonlyArray<Record<string, unknown>>) {
  const res = await api.request('POST', `/apps/${key}/logs`, {
    body: { logs: datas.map((data) => ({ level: 'info', data })) },
  });
  expect(res.status, res.text).toBe(201);
  return z.array(appLogEntrySchema).parse(res.json);
}

async function get(key: string, path: string, query: Query) {
  return api.request('GET', `/apps/${key}/logs${path}?${new URLSearchParams(query).toString()}`);
}

async function list(key: string, query: Query): Promise<AppLogEntry[]> {
  const res = await get(key, '', query);
  expect(res.status, res.text).toBe(200);
  return z.array(appLogEntrySchema).parse(res.json);
}

const statuses = (entries: readonly AppLogEntry[]) =>
  entries.map((entry) => (entry.data as { status?: unknown }).status);

describe.each([
  { way: 'below Fastify', waitFastPath: true },
  { way: 'by the Fastify route', waitFastPath: false },
])('where / where_not, tails answered $way', ({ waitFastPath }) => {
  let key = '';
  let since = '';

  beforeAll(async () => {
    api = await startTestApi({ waitFastPath });
    key = await newApp();
    const [first] = await post(key, [
      { status: 200, path: '/a' },
      { status: 200, path: '/b' },
      { status: 500, path: '/a' },
      { status: '500', path: '/c' },
      { path: '/d' },
    ]);
    since = String(first?.time);
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps or excludes entries by an exact value on the list', async () => {
    expect(
      statuses(
        await list(key, [
          ['since', since],
          ['where', 'status:500'],
        ]),
      ),
    ).toEqual([500, '500']);
    expect(
      statuses(
        await list(key, [
          ['since', since],
          ['where_not', 'status:500'],
        ]),
      ),
    ).toEqual([200, 200, undefined]);
    // Repeated and combined: every condition holds.
    const both = await list(key, [
      ['since', since],
      ['where', 'status:500'],
      ['where', 'path:/a'],
    ]);
    expect(statuses(both)).toEqual([500]);
    const notEither = await list(key, [
      ['since', since],
      ['where_not', 'status:200'],
      ['where_not', 'path:/d'],
    ]);
    expect(statuses(notEither)).toEqual([500, '500']);
    // A substring or another type's text is not the value.
    expect(
      await list(key, [
        ['since', since],
        ['where', 'status:50'],
      ]),
    ).toEqual([]);
    expect(
      await list(key, [
        ['since', since],
        ['where', 'path:/'],
      ]),
    ).toEqual([]);
  });

  it('applies to the volume and to the facets of another field', async () => {
    const res = await get(key, '/volume', [
      ['since', since],
      ['buckets', '1'],
      ['where', 'path:/a'],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(logVolumeSchema.parse(res.json).buckets[0]?.counts.info).toBe(2);
    const facets = await get(key, '/facets', [
      ['since', since],
      ['field', 'path'],
      ['where_not', 'status:200'],
    ]);
    expect(facets.status, facets.text).toBe(200);
    expect(logFacetsSchema.parse(facets.json).values).toEqual([
      { value: '/a', count: 1 },
      { value: '/c', count: 1 },
      { value: '/d', count: 1 },
    ]);
  });

  it('a waiting tail answers only with an entry that matches', async () => {
    const tailKey = await newApp();
    const [held] = await post(tailKey, [{ status: 200 }]);
    const url = `${api.baseUrl}/api/apps/${tailKey}/logs?${new URLSearchParams([
      ['since', String(held?.time)],
      ['wait', '30'],
      ['where', 'status:500'],
    ]).toString()}`;
    const page = fetch(url, {
      headers: { authorization: `Bearer ${api.adminToken}`, 'x-service-site': 'demo' },
    });
    await expect.poll(() => api.app.logTails.stats().waiting).toBe(1);
    await post(tailKey, [{ status: 200 }]);
    // A 200 does not end the wait: the tail is still held.
    expect(api.app.logTails.stats().waiting).toBe(1);
    const [, wanted] = await post(tailKey, [{ status: 201 }, { status: 500 }]);
    const answered = z.array(appLogEntrySchema).parse(await (await page).json());
    expect(answered.map((entry) => entry.id)).toEqual([wanted?.id]);
  });

  it.each([
    ['where', 'status'],
    ['where', ':500'],
    ['where_not', `${'k'.repeat(101)}:1`],
    ['where_not', `status:${'9'.repeat(501)}`],
    ['where', 'status:5\u00000'],
  ])('%s=%s is a 400 naming the parameter', async (parameter, value) => {
    const res = await get(key, '', [[parameter, value]]);
    expect(res.status, res.text).toBe(400);
    const body = errorBodySchema.parse(res.json);
    expect(body.errors[0]?.field).toBe(parameter);
  });

  it('takes at most 5 conditions in all, on every route', async () => {
    const six: Query = [
      ...Array.from({ length: 3 }, (_, n): [string, string] => ['where', `k${String(n)}:1`]),
      ...Array.from({ length: 3 }, (_, n): [string, string] => ['where_not', `j${String(n)}:1`]),
    ];
    for (const path of ['', '/volume', '/facets']) {
      const res = await get(key, path, six);
      expect(res.status, res.text).toBe(400);
      expect(errorBodySchema.parse(res.json).errors[0]).toMatchObject({
        field: 'where_not',
        code: 'too_many',
      });
    }
    // Five are fine.
    const five = six.slice(0, 5);
    expect((await get(key, '', [...five, ['since', since]])).status).toBe(200);
  });
});
