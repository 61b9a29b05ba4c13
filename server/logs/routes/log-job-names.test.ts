/**
 * Job names on ingestion (issue 42): `context.job.name` is at most LOG_JOB_NAME_MAX characters
 * and holds no NUL, refused with a 422 naming it on both engines (PostgreSQL answered 500 for a
 * NUL, and a 300 kB name came back from `GET /logs/jobs`); the batch is refused whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_JOB_NAME_MAX } from '../../../contract/schemas/app-log';
import { logJobsSchema } from '../../../contract/schemas/app-log-find';
import { errorBodySchema } from '../../../contract/schemas/error';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const entry = (name: unknown) => ({ level: 'info', data: 'job', context: { job: { name } } });

describe('job names on ingestion', () => {
  it(`takes a name of ${String(LOG_JOB_NAME_MAX)} characters`, async () => {
    const name = 'j'.repeat(LOG_JOB_NAME_MAX);
    const res = await api.request('POST', '/apps/storefront/logs', {
      body: { logs: [entry(name)] },
    });
    expect(res.status, res.text).toBe(201);
    const jobs = await api.request('GET', `/apps/storefront/logs/jobs?prefix=${name}`);
    expect(logJobsSchema.parse(jobs.json).jobs.map((job) => job.name)).toEqual([name]);
  });

  for (const [what, name] of [
    ['a name one character too long', 'k'.repeat(LOG_JOB_NAME_MAX + 1)],
    ['a 300 kB name', 'k'.repeat(300_000)],
    ['a name with NUL', 'a\u0000b'],
  ] as const) {
    it(`refuses ${what} with a 422 naming it, and stores nothing of the batch`, async () => {
      const before = await api.request('GET', '/apps/storefront/logs?limit=5');
      const res = await api.request('POST', '/apps/storefront/logs', {
        body: { logs: [{ level: 'info', data: 'fine' }, entry(name)] },
      });
      expect(res.status, res.text.slice(0, 300)).toBe(422);
      const body = errorBodySchema.parse(res.json);
      expect(body.code).toBe(422);
      expect(body.errors.map((detail) => detail.field)).toEqual(['logs.1.context.job.name']);
      const after = await api.request('GET', '/apps/storefront/logs?limit=5');
      expect(after.text).toBe(before.text);
    });
  }
});
