/**
 * Decision 055: a saved view keeps the page's exact field conditions (`where`, `where_not`),
 * within the log query's bounds; out of them, a 422 naming the field, and nothing is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import { logViewListSchema, logViewSchema } from '../../../contract/schemas/log-view';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const list = async () => logViewListSchema.parse((await api.request('GET', '/log-views')).json);

describe('saved views with field conditions', () => {
  it('keeps where and where_not as they were saved', async () => {
    const query = { range: '1h', where: ['status:500', 'url:http://x'], where_not: ['env:dev'] };
    const res = await api.request('POST', '/log-views', { body: { name: 'Errors', query } });
    expect(res.status, res.text).toBe(201);
    expect(logViewSchema.parse(res.json).query).toEqual(query);
    expect((await list()).map((view) => view.query)).toContainEqual(query);
  });

  it('refuses conditions out of bounds and saves nothing', async () => {
    const before = await list();
    const bad: Array<[unknown, string]> = [
      [{ range: 'live', where: ['no colon'] }, 'query.where'],
      [{ range: 'live', where: [`${'k'.repeat(101)}:1`] }, 'query.where'],
      [{ range: 'live', where_not: [`k:${'v'.repeat(501)}`] }, 'query.where_not'],
      [
        { range: 'live', where: ['a:1', 'b:1', 'c:1'], where_not: ['d:1', 'e:1', 'f:1'] },
        'query.where_not',
      ],
    ];
    for (const [query, field] of bad) {
      const res = await api.request('POST', '/log-views', { body: { name: 'Bad', query } });
      expect(res.status, JSON.stringify(query)).toBe(422);
      const details = errorBodySchema.parse(res.json).errors;
      expect(details.map((d) => d.field).join(' '), JSON.stringify(query)).toContain(field);
    }
    expect(await list()).toEqual(before);
  });
});
