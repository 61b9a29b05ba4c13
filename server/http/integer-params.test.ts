/**
 * Issue 42: every integer id or cursor in a path or query is bounded to what its column holds
 * (a 32-bit integer on PostgreSQL), so no engine sees a number it cannot compare: a 400 naming
 * the parameter with the Error body on both engines (PostgreSQL answered 500 past 2,147,483,647).
 */
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

/** Values past what a column holds, or no whole number at all. */
const OUT_OF_RANGE = ['2147483648', '9223372036854775808', '99999999999999999999999', '0', '-1'];
const NOT_WHOLE = ['1.5', 'abc'];

/** `:n` is where the value goes; `field` is the parameter the 400 names. */
const PARAMETERS: Array<{ method: string; path: string; field: string }> = [
  { method: 'GET', path: '/audit?before=:n', field: 'before' },
  { method: 'GET', path: '/notifications/welcome/revisions?before=:n', field: 'before' },
  { method: 'GET', path: '/notifications/welcome/revisions/:n', field: 'id' },
  { method: 'PUT', path: '/log-views/:n', field: 'id' },
  { method: 'GET', path: '/alerts/:n', field: 'id' },
  { method: 'DELETE', path: '/alerts/:n', field: 'id' },
  { method: 'DELETE', path: '/tokens/:n', field: 'id' },
  { method: 'PATCH', path: '/members/:n', field: 'user_id' },
];

describe('integer ids and cursors', () => {
  for (const { method, path, field } of PARAMETERS) {
    it(`${method} ${path}: a 400 on ${field} past the column or not whole`, async () => {
      for (const value of [...OUT_OF_RANGE, ...NOT_WHOLE]) {
        const res = await api.request(method, path.replace(':n', value), {
          body: path.startsWith('/members')
            ? { role: 'viewer' }
            : method === 'PATCH'
              ? {}
              : undefined,
        });
        expect(res.status, `${value}: ${res.text}`).toBe(400);
        const body = errorBodySchema.parse(res.json);
        expect(body.code).toBe(400);
        expect(body.errors.map((detail) => detail.field)).toContain(field);
      }
    });
  }

  it('the largest id a column holds is a valid id (404 or an empty page, never a 500)', async () => {
    const audit = await api.request('GET', '/audit?before=2147483647');
    expect(audit.status, audit.text).toBe(200);
    const revision = await api.request('GET', '/notifications/welcome/revisions/2147483647');
    expect(revision.status, revision.text).toBe(404);
  });
});
