/**
 * The WorkGate through HTTP (decision 041): every kind of answer ends its request's turn, and a
 * token over its cap waits, then gets 503 with `Retry-After` and the Error body, while another
 * token's request goes at once. A turn is held for real by a write waiting for the SQLite write
 * lock, which another connection holds (SQLite only: on PostgreSQL the same write would not wait).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';
import { testEngine } from '../database/test-database.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ workLimits: { perToken: 1, perSite: 2, maxWaitMs: 300 } });
});
afterAll(async () => {
  await api.close();
});

describe('the work gate', () => {
  it('every kind of answer ends its turn: with a cap of one, sequential requests never wait', async () => {
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      answers.push((await api.request('GET', '/apps')).status);
      answers.push((await api.request('GET', '/apps/no-such-app')).status);
      answers.push((await api.request('GET', '/apps/storefront/logs?level=nope')).status);
      answers.push((await api.request('PATCH', '/apps/storefront', { body: { name: 42 } })).status);
      answers.push((await api.request('GET', '/apps/storefront/logs?since=0&wait=0.1')).status);
      answers.push((await api.request('GET', '/sites')).status);
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => [200, 404, 400, 422, 200, 200]).flat());
  });

  it.skipIf(testEngine !== 'sqlite')(
    "a token over its cap waits, then 503 with Retry-After; another token's request goes at once",
    async () => {
      // Both tokens used once before: their use is recorded (a write) at most once a minute.
      await api.request('GET', '/apps');
      await api.request('GET', '/apps', { token: api.acmeToken, site: 'acme' });
      const holder = new Database(api.databaseUrl, { timeout: 5_000 });
      holder.exec('begin immediate');
      // Holds the admin token's one turn: it waits (on a timer) for the write lock.
      const write = api.request('PATCH', '/apps/storefront', { body: { name: 'Held' } });
      await new Promise((wake) => setTimeout(wake, 200));
      const refused = await api.request('GET', '/apps');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(errorBodySchema.parse(refused.json).code).toBe(503);
      // Another member of another site is not behind the admin's queue.
      const other = await api.request('GET', '/apps', { token: api.acmeToken, site: 'acme' });
      expect(other.status).toBe(200);
      holder.exec('commit');
      holder.close();
      expect((await write).status).toBe(200);
      expect((await api.request('GET', '/apps')).status).toBe(200);
    },
  );
});
